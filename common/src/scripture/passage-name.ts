import { verseRanges } from './reference.ts';

/** A passage as the reader holds it: a book's English name, a chapter, and any verses chosen in it. */
export interface PassageParts {
  book: string;
  chapter: number;
  verses?: readonly number[];
}

// "Psalms 23", "Psalms 23:1-3", "Psalms 119:1-8, 10": one psalm, so "Psalm". "Psalms 23-24" and
// "Psalms 22:31-23:2" span psalms and keep the book's name.
const ONE_PSALM = /^Psalms (\d+(?::\d+(?:\s*[-–]\s*\d+)?(?:,\s*\d+(?:\s*[-–]\s*\d+)?)*)?)$/;

/**
 * The one name a passage is shown by, on every screen and page (docs/web.md, "Passage names"): the
 * canon's English book name, "Psalm" for one psalm, ranges with an en dash. References that are stored,
 * put in addresses or sent to the API stay as Selah writes them ("Psalms 23:1-3"); this is for people.
 */
export function passageName(passage: string | PassageParts): string {
  const reference = typeof passage === 'string' ? passage.trim() : referenceOf(passage);
  const withDash = reference.replace(/(\d)\s*[-–]\s*(\d)/g, '$1–$2');
  const psalm = ONE_PSALM.exec(withDash);
  return psalm ? `Psalm ${psalm[1]}` : withDash;
}

function referenceOf({ book, chapter, verses }: PassageParts): string {
  if (!verses?.length) return `${book} ${chapter}`;
  const parts = verseRanges(verses).map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`));
  return `${book} ${chapter}:${parts.join(', ')}`;
}
