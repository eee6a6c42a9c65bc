import type { HomepageData } from '#common/contracts/home.ts';
import { parseReference } from '#common/scripture/reference.ts';
import type { BibleService } from '../bible/bible.service.ts';
import type { DailyService } from '../daily/daily.service.ts';
import { dailyVerseReference, FALLBACK_DAILY_VERSE } from '../daily/verse-of-the-day.ts';

/** Spec §7 GET /api/homepage: the verse of the day, today's prayer and the picture made from it. */
export class HomeService {
  constructor(
    private readonly bible: BibleService,
    private readonly daily: DailyService,
  ) {}

  async homepage(now: Date = new Date()): Promise<HomepageData> {
    const prayer = await this.daily.prayerOn(this.daily.today());
    const picture = prayer ? await this.daily.picture(prayer.id) : null;
    const image = picture && { imageUrl: picture.imageUrl, thumbnailUrl: picture.thumbnailUrl, description: picture.description };
    return {
      verse: this.verseFor(dailyVerseReference(now)) ?? this.verseFor(FALLBACK_DAILY_VERSE),
      prayer,
      prayerImage: image,
      visualContemplation: image,
    };
  }

  /** A day's verse (UTC day, as the home page shows it), for the weekly devotional. */
  verseOn(day: string): HomepageData['verse'] {
    return this.verseFor(dailyVerseReference(new Date(`${day}T12:00:00Z`)));
  }

  /** The daily verse is KJV (spec §2: its link carries translation=KJV). */
  private verseFor(reference: string): HomepageData['verse'] {
    const range = parseReference(reference);
    if (!range) return null;
    let kjv;
    try {
      kjv = this.bible.translation('KJV');
    } catch {
      return null;
    }
    const [verse] = this.bible.passageVerses(kjv, range, 1);
    if (!verse) return null;
    return { verse: verse.text, reference: verse.reference, book: range.book.name, chapter: verse.chapter, verseNumber: verse.verse, translation: 'KJV' };
  }
}
