import type { PassageRange } from '../scripture/reference.ts';

export interface BookVerse {
  chapter: number;
  verse: number;
  text: string;
}

/** The most verses a prayer of Scripture may have (John 17 has 26). */
export const PRAYER_MAX_VERSES = 30;

/** A sentence ends at . ! or ?, perhaps inside closing quotes or brackets; KJV's colons and semicolons never end one. */
const SENTENCE_END = /[.!?][)\]"'”’]*\s*$/;
/** A verse that hands over to someone's words ("…and said," "saying," "You shall tell them,"): what follows starts a sentence. */
const SPEECH_FOLLOWS = /\b(?:saying|said|say|says|tell them|spake|spoke|prayed|cried|sang|answered)(?: (?:unto|to) \w+)?[,:]\s*$/i;
/** A sentence's first letter is a capital, perhaps after an opening quote or bracket. */
const SENTENCE_START = /^[\s"'“‘([]*[\p{Lu}\d]/u;

export function endsSentence(text: string): boolean {
  return SENTENCE_END.test(text);
}

/**
 * The verses of `range` in a book (all its verses, in order) when they make a whole prayer: the verse
 * before ends a sentence (or there is none), so the passage starts at a sentence start, and its last
 * verse ends one. Undefined when it would start or stop mid-sentence, or the book lacks a verse of it.
 */
export function wholePrayerVerses(book: readonly BookVerse[], range: PassageRange): BookVerse[] | undefined {
  const inRange = (v: BookVerse) => {
    const afterStart = v.chapter > range.chapter || (v.chapter === range.chapter && v.verse >= (range.verse ?? 1));
    const beforeEnd = v.chapter < range.endChapter || (v.chapter === range.endChapter && (range.endVerse === undefined || v.verse <= range.endVerse));
    return afterStart && beforeEnd;
  };
  const first = book.findIndex(inRange);
  if (first < 0) return undefined;
  let last = first;
  while (last + 1 < book.length && inRange(book[last + 1]!)) last++;
  const verses = book.slice(first, last + 1);
  if (verses.length > PRAYER_MAX_VERSES) return undefined;
  if (range.endVerse !== undefined && verses.at(-1)!.verse !== range.endVerse) return undefined;
  if (range.verse !== undefined && verses[0]!.verse !== range.verse) return undefined;
  const before = book[first - 1];
  if (before && !endsSentence(before.text) && !SPEECH_FOLLOWS.test(before.text)) return undefined;
  if (!SENTENCE_START.test(verses[0]!.text)) return undefined;
  return endsSentence(verses.at(-1)!.text) ? verses : undefined;
}

/** "Ephesians 1:15-23" → "Ephesians 1:15–23": a range is written with an en dash. */
export function displayReference(reference: string): string {
  return reference.replace(/(\d)-(\d)/g, '$1–$2');
}
