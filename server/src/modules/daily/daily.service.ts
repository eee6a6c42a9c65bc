import { randomUUID } from 'node:crypto';
import type { DailyPrayer, PrayerDay, PrayerPicture } from '#common/contracts/daily.ts';
import { addDays, dayIn } from '#common/progress/days.ts';
import { NotFound } from '../../lib/errors.ts';
import type { BibleService } from '../bible/bible.service.ts';
import { dailyVerseReference } from './verse-of-the-day.ts';
import type { PicturesService } from '../pictures/pictures.service.ts';
import type { DailyRepository, PrayerRow } from './daily.repository.ts';
import type { JobClaims } from './job-claims.ts';
import { isListedScripturePrayer, scripturePrayer, type PrayerDrafter } from './prayer-writer.ts';

/** Days a restarted server fills in, so the archive has no holes after downtime. */
const CATCH_UP_DAYS = 14;
const JOB = 'daily-prayer';
const REWRITE_JOB = 'daily-prayer-whole';
const REMAKE_EVERY_MS = 60_000;

/**
 * Spec §1 daily prayer and visual contemplation. Each day's prayer is written once, by the first
 * process to claim the day: an editor's when one is scheduled (the admin panel's), else a draft by the
 * language model from the day's verse when one is configured, else one of Scripture's own prayers.
 * Its picture is made once from it by the pictures' engine. Days are UTC days, as the verse of the day.
 */
export class DailyService {
  /** Days whose prayer and picture are made: pages showing today's may be kept once it is. */
  private readonly ready = new Set<string>();

  constructor(
    private readonly repository: DailyRepository,
    private readonly claims: JobClaims,
    private readonly bible: BibleService,
    private readonly pictures: PicturesService,
    private readonly draft: PrayerDrafter,
    /** Told when this process has made a day's prayer and picture: every process's pages showing it change. */
    private readonly dayMade: (day: string) => void = () => {},
    private readonly clock: () => Date = () => new Date(),
  ) {}

  today(): string {
    return dayIn(this.clock(), 'UTC');
  }

  /** Writes today's prayer and picture first, then any of the last two weeks' that are missing. */
  async catchUp(): Promise<void> {
    const today = this.today();
    for (let back = 0; back < CATCH_UP_DAYS; back++) await this.ensureDay(addDays(today, -back));
  }

  /** The day's prayer and picture, made by whichever process claims the day first. */
  /** Whether today's prayer and picture are made (a page showing them may then be kept and served again). */
  isTodayReady(): boolean {
    return this.ready.has(this.today());
  }

  /**
   * Another process made a day (it said so site-wide): if today's is now there, this process may keep the
   * pages showing it too. Without this, a process that lost today's claim would render them for every
   * visit until its next run of the job, up to a quarter hour later.
   */
  async noticeMadeElsewhere(): Promise<void> {
    const today = this.today();
    if (this.ready.has(today)) return;
    if ((await this.repository.onDay(today))?.pictureId) this.ready.add(today);
  }

  async ensureDay(day: string): Promise<void> {
    const existing = await this.repository.onDay(day);
    if (existing && this.isCutScripture(existing, day)) {
      await this.rewriteCutScripture(existing);
      return;
    }
    if (existing?.pictureId) {
      this.ready.add(day);
      return;
    }
    await this.claims.once(JOB, day, async () => {
      let prayer = await this.repository.onDay(day);
      if (!prayer) {
        const written = await this.write(day);
        if (!written) return;
        await this.repository.addIfAbsent({ id: randomUUID(), day, ...written });
        prayer = await this.repository.onDay(day);
      }
      if (prayer && !prayer.pictureId) await this.makePicture(prayer);
      if (prayer) this.ready.add(day);
      if (prayer) this.dayMade(day);
    });
  }

  /**
   * A prayer of Scripture chosen by an older rule that may have cut a passage mid-sentence: past days
   * keep theirs (the archive is history), today's and later ones are chosen again by today's rule.
   */
  private isCutScripture(prayer: PrayerRow, day: string): boolean {
    return prayer.source === 'scripture' && day >= this.today() && !isListedScripturePrayer(prayer.reference);
  }

  private async rewriteCutScripture(prayer: PrayerRow): Promise<void> {
    await this.claims.once(REWRITE_JOB, prayer.day, async () => {
      const written = scripturePrayer(this.bible, prayer.day);
      if (!written || !(await this.repository.replaceScripture(prayer.id, written))) return;
      this.ready.delete(prayer.day);
      const fresh = await this.repository.byId(prayer.id);
      if (fresh) await this.makePicture(fresh);
      this.ready.add(prayer.day);
      this.dayMade(prayer.day);
    });
  }

  /** An editor's prayer for a day (the admin panel, a content import): it comes before any other; its picture follows. */
  async scheduleEditorPrayer(day: string, title: string, content: string): Promise<void> {
    await this.repository.putEditor({ id: randomUUID(), day, title, content });
    this.ready.delete(day);
    await this.claims.forget(JOB, day);
  }

  /** The admin panel's calendar: each day from a week ago to two weeks ahead, with its prayer if it has one. */
  async calendar(): Promise<{ day: string; prayer: DailyPrayer | null }[]> {
    const today = this.today();
    const from = addDays(today, -7);
    const rows = new Map((await this.repository.range(from, addDays(today, 14))).map((r) => [r.day, present(r)]));
    return Array.from({ length: 22 }, (_, i) => addDays(from, i)).map((day) => ({ day, prayer: rows.get(day) ?? null }));
  }

  async prayerOn(day: string): Promise<DailyPrayer | null> {
    const row = await this.repository.onDay(day);
    return row ? present(row) : null;
  }

  /** The archive (/previous-prayers/{day}): a day's prayer with the days around it; never a day after today. */
  async archive(day: string | undefined): Promise<PrayerDay> {
    const today = this.today();
    const shown = !day || day > today ? today : day;
    const [prayer, around] = await Promise.all([this.prayerOn(shown), this.repository.neighbours(shown, today)]);
    return { day: shown, prayer, ...around, today };
  }

  /** The prayer as it is read aloud: its title, then its words (the home page's Listen). */
  async spoken(prayerId: string): Promise<{ name: string; parts: string[] }> {
    const prayer = await this.repository.byId(prayerId);
    if (!prayer) throw new NotFound('There is no prayer with that id.');
    return { name: `prayer-${prayer.day}`, parts: [`${prayer.title}.`, prayer.content] };
  }

  /** Spec §7 GET /api/generated-images/prayer/{prayerId}. */
  async picture(prayerId: string): Promise<PrayerPicture | null> {
    const prayer = await this.repository.byId(prayerId);
    if (!prayer) throw new NotFound('There is no prayer with that id.');
    if (!prayer.pictureId) return null;
    const row = await this.pictures.picture(prayer.pictureId, 'prayer').catch(() => undefined);
    return row ? { prayerId, ...pick(this.pictures.prayerPicture(row)) } : null;
  }

  /** Spec §7 POST /api/generated-images/generate: the prayer's picture made again (the page asks when it failed to load). */
  async regeneratePicture(prayerId: string): Promise<PrayerPicture> {
    const prayer = await this.repository.byId(prayerId);
    if (!prayer) throw new NotFound('There is no prayer with that id.');
    // Many pages fail at once when a file is lost: one new picture a minute serves them all.
    const current = prayer.pictureId ? await this.pictures.picture(prayer.pictureId, 'prayer').catch(() => undefined) : undefined;
    if (current && this.clock().getTime() - current.createdAt.getTime() < REMAKE_EVERY_MS) return { prayerId, ...pick(this.pictures.prayerPicture(current)) };
    return { prayerId, ...pick(await this.makePicture(prayer)) };
  }

  private async makePicture(prayer: PrayerRow) {
    const made = await this.pictures.createPrayerPicture({ title: prayer.title, text: prayer.content, translation: prayer.translation });
    await this.repository.setPicture(prayer.id, made.id);
    return made;
  }

  private async write(day: string) {
    const reference = dailyVerseReference(new Date(`${day}T12:00:00Z`));
    const verse = this.verse(reference);
    const drafted = verse ? await this.draft(verse) : null;
    return drafted ?? scripturePrayer(this.bible, day);
  }

  private verse(reference: string): { reference: string; text: string } | null {
    try {
      const verses = this.bible.passageVerses(this.bible.translation('KJV'), this.bible.reference(reference), 5);
      return verses.length ? { reference, text: verses.map((v) => v.text).join(' ') } : null;
    } catch {
      return null;
    }
  }
}

const pick = (p: { imageUrl: string; thumbnailUrl: string; description: string }) => ({
  imageUrl: p.imageUrl,
  thumbnailUrl: p.thumbnailUrl,
  description: p.description,
});

function present(row: PrayerRow): DailyPrayer {
  return {
    id: row.id,
    day: row.day,
    title: row.title,
    content: row.content,
    reference: row.reference,
    source: row.source as DailyPrayer['source'],
    translation: row.translation,
    // Listening to the prayer comes with the audio issue's prayer reading.
    audioUrl: null,
  };
}
