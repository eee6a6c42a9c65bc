import type { DailyPrayer, PrayerDay } from '#common/contracts/daily.ts';
import { displayReference } from '#common/daily/whole-prayer.ts';
import { formatDate } from '#common/dates/format-date.ts';
import { shareText } from '#common/pictures/rules.ts';
import { SITE_NAME, type PageHead } from '../page-head.ts';

/** The size the pictures' engine makes (1080 × 1080; a configured service's 1024 is close enough for a preview card). */
export const PRAYER_PICTURE_SIZE = 1080;
/** The thumbnail's width (`…-thumb.webp`), for `srcset`. */
export const PRAYER_THUMBNAIL_WIDTH = 400;

/** The archive's address of a day; today's is the archive's own address. */
export function prayerDayPath(day?: string): string {
  return day ? `/previous-prayers/${day}` : '/previous-prayers';
}

/**
 * The prayer's opening sentence, for the page's description (at most `max` characters, cut at a word).
 * A sentence ends at . ! or ? followed by a space or the end, so "v. 3" style abbreviations are rare enough
 * in prayers not to matter, and a semicolon (KJV's favourite) never ends one.
 */
export function firstSentence(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const end = /[.!?]["”’)]?(?=\s|$)/.exec(clean);
  const sentence = end ? clean.slice(0, end.index + end[0].length) : clean;
  return shareText(sentence, max);
}

/** How much of a prayer the home card shows before it offers the rest (about five lines on a phone). */
export const PRAYER_CARD_CHARACTERS = 320;

/**
 * The home card's part of a prayer: whole sentences while they fit in `max` characters, and always the
 * first sentence whole however long, so the card never stops mid-sentence. `shortened` says there is more.
 */
export function prayerExcerpt(content: string, max = PRAYER_CARD_CHARACTERS): { text: string; shortened: boolean } {
  const text = content.trim();
  let cut = 0;
  for (const end of text.matchAll(/[.!?][)\]"'”’]*(?=\s|$)/g)) {
    const at = end.index + end[0].length;
    if (cut > 0 && at > max) break;
    cut = at;
  }
  return cut === 0 || cut >= text.length ? { text, shortened: false } : { text: text.slice(0, cut), shortened: true };
}

/**
 * The reader's place for a reference Selah wrote ("Psalms 23:1-6", "1 John 1:9", "Song of Solomon 2"):
 * the book, the chapter and the first verse. Undefined when it is not one.
 */
export function referenceSearch(
  reference: string,
  translation: string | null,
): { book: string; chapter: number; verse?: number; translation?: string } | undefined {
  const match = /^(.+?) (\d+)(?::(\d+))?(?:[-–,\s\d:]*)$/.exec(reference.trim());
  if (!match) return undefined;
  return {
    book: match[1]!,
    chapter: Number(match[2]),
    ...(match[3] ? { verse: Number(match[3]) } : {}),
    ...(translation ? { translation } : {}),
  };
}

/** What a prayer says about where it came from: Scripture's reference, or the note that AI drafted it. */
export function prayerSourceNote(
  prayer: Pick<DailyPrayer, 'source' | 'reference' | 'translation'>,
): { kind: 'scripture' | 'ai'; reference: string } | undefined {
  if (!prayer.reference || prayer.source === 'editor') return undefined;
  const shown = displayReference(prayer.reference);
  const reference = prayer.translation ? `${shown} (${prayer.translation})` : shown;
  return { kind: prayer.source, reference };
}

/**
 * Head data of an archive page: "Prayer for Wednesday, 25 November 2026", the prayer's first sentence,
 * and its picture for link previews when there is one.
 */
export function prayerPageHead(data: PrayerDay, picture: { imageUrl: string; description: string } | null, addressDay: string | undefined): PageHead {
  const date = formatDate(data.day, 'weekday') ?? data.day;
  const title = `Prayer for ${date}`;
  return {
    title: `${title} — ${SITE_NAME}`,
    description: data.prayer ? firstSentence(data.prayer.content) : `There is no prayer in the archive for ${date}.`,
    canonical: prayerDayPath(addressDay && data.day),
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: title,
      ...(data.prayer ? { mainEntity: { '@type': 'CreativeWork', name: data.prayer.title, datePublished: data.day } } : {}),
    },
    ...(picture ? { image: { url: picture.imageUrl, width: PRAYER_PICTURE_SIZE, height: PRAYER_PICTURE_SIZE, alt: picture.description } } : {}),
  };
}
