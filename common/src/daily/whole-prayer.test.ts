import { describe, expect, it } from 'vitest';
import { PROTESTANT_CANON } from '../scripture/canon.ts';
import type { PassageRange } from '../scripture/reference.ts';
import { PRAYER_MAX_VERSES, displayReference, wholePrayerVerses, type BookVerse } from './whole-prayer.ts';

const book = PROTESTANT_CANON[0]!;
const range = (chapter: number, verse: number | undefined, endChapter = chapter, endVerse = verse): PassageRange => ({
  book,
  chapter,
  verse,
  endChapter,
  endVerse,
});
const at = (verses: BookVerse[] | undefined) => verses?.map((v) => `${v.chapter}:${v.verse}`);

// A made-up book whose verses start and stop sentences in the ways the rule reads.
const BOOK: BookVerse[] = [
  { chapter: 1, verse: 1, text: 'In the beginning was a man.' },
  { chapter: 1, verse: 2, text: 'And he said,' },
  { chapter: 1, verse: 3, text: 'Lord, hear my prayer.' },
  { chapter: 1, verse: 4, text: 'Keep me; and' },
  { chapter: 1, verse: 5, text: 'guard my way.' },
  { chapter: 2, verse: 1, text: 'Blessed be the name.' },
  { chapter: 2, verse: 2, text: 'Amen. ' },
  { chapter: 2, verse: 3, text: 'and again, O Lord.' },
  { chapter: 2, verse: 4, text: 'He spoke. And then' },
  { chapter: 2, verse: 5, text: 'Hear me.' },
  { chapter: 2, verse: 6, text: 'And he said, go home' },
  { chapter: 2, verse: 7, text: 'Hear me.' },
  { chapter: 2, verse: 8, text: 'And she prayed, ' },
  { chapter: 2, verse: 9, text: ' “Hear me.”' },
];

describe('a prayer of Scripture is whole', () => {
  it('starts at a sentence (or after words that hand over to speech) and ends one', () => {
    expect(at(wholePrayerVerses(BOOK, range(1, 1)))).toEqual(['1:1']);
    expect(at(wholePrayerVerses(BOOK, range(1, 3)))).toEqual(['1:3']);
    expect(at(wholePrayerVerses(BOOK, range(1, 3, 1, 5)))).toEqual(['1:3', '1:4', '1:5']);
    // Across a chapter, and a whole chapter; an ending with a space after the stop still ends.
    expect(at(wholePrayerVerses(BOOK, range(1, 3, 2, 2)))).toEqual(['1:3', '1:4', '1:5', '2:1', '2:2']);
    expect(at(wholePrayerVerses(BOOK, { book, chapter: 1, endChapter: 1 }))).toEqual(['1:1', '1:2', '1:3', '1:4', '1:5']);
    // After "she prayed, " (a space after the comma), and opening with a space and a quote.
    expect(at(wholePrayerVerses(BOOK, range(2, 9)))).toEqual(['2:9']);
  });

  it('is not whole when it starts or stops mid-sentence', () => {
    expect(wholePrayerVerses(BOOK, range(1, 4))).toBeUndefined(); // ends on "and"
    expect(wholePrayerVerses(BOOK, range(1, 5))).toBeUndefined(); // the verse before runs into it
    expect(wholePrayerVerses(BOOK, range(2, 3))).toBeUndefined(); // starts with a small letter
    expect(wholePrayerVerses(BOOK, range(2, 5))).toBeUndefined(); // "He spoke. And then" runs on
    expect(wholePrayerVerses(BOOK, range(2, 7))).toBeUndefined(); // "said," is not at the end of the verse before
  });

  it('is not whole when the book lacks a verse of it, or it is longer than a prayer is', () => {
    expect(wholePrayerVerses(BOOK, range(3, 1))).toBeUndefined();
    expect(wholePrayerVerses(BOOK, range(1, 3, 1, 9))).toBeUndefined();
    expect(wholePrayerVerses(BOOK, range(1, 0, 1, 3))).toBeUndefined();
    const long: BookVerse[] = Array.from({ length: PRAYER_MAX_VERSES + 1 }, (_, i) => ({ chapter: 1, verse: i + 1, text: 'Praise him.' }));
    expect(wholePrayerVerses(long, range(1, 1, 1, PRAYER_MAX_VERSES))).toHaveLength(PRAYER_MAX_VERSES);
    expect(wholePrayerVerses(long, range(1, 1, 1, PRAYER_MAX_VERSES + 1))).toBeUndefined();
  });

  it('writes a range with an en dash', () => {
    expect(displayReference('Ephesians 1:15-23')).toBe('Ephesians 1:15–23');
    expect(displayReference('Psalms 23')).toBe('Psalms 23');
  });
});
