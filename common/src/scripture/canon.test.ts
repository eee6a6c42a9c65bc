import { describe, expect, it } from 'vitest';
import { CANON, KJV_TOTAL_VERSES, PROTESTANT_CANON, findBookExact, verseCount } from './canon.ts';
import { formatVerseReference, parseVerseId, verseId } from './verse-id.ts';

describe('canon', () => {
  it("has the 66 books in canonical order with the spec's English names", () => {
    expect(PROTESTANT_CANON).toHaveLength(66);
    expect(PROTESTANT_CANON.map((b) => b.name).slice(0, 5)).toEqual(['Genesis', 'Exodus', 'Leviticus', 'Numbers', 'Deuteronomy']);
    expect(PROTESTANT_CANON[18]!.name).toBe('Psalms');
    expect(PROTESTANT_CANON[21]!.name).toBe('Song of Solomon');
    expect(PROTESTANT_CANON[38]!.name).toBe('Malachi');
    expect(PROTESTANT_CANON[39]).toMatchObject({ name: 'Matthew', testament: 'NT', osis: 'Matt', usfm: 'MAT' });
    expect(PROTESTANT_CANON.at(-1)).toMatchObject({ name: 'Revelation', chapters: 22 });
    expect(PROTESTANT_CANON.filter((b) => b.testament === 'OT')).toHaveLength(39);
  });

  it('knows chapter and verse counts (KJV versification)', () => {
    expect(KJV_TOTAL_VERSES).toBe(31102);
    const chapters = PROTESTANT_CANON.reduce((s, b) => s + b.chapters, 0);
    expect(chapters).toBe(1189);
    expect(findBookExact('Psalms')!.chapters).toBe(150);
    expect(verseCount(findBookExact('Psalms')!, 119)).toBe(176);
    expect(verseCount(findBookExact('Psalms')!, 117)).toBe(2);
    expect(verseCount(findBookExact('John')!, 11)).toBe(57);
    expect(verseCount(findBookExact('3 John')!, 1)).toBe(14);
  });

  it('marks the deuterocanonical books', () => {
    const dc = CANON.filter((b) => b.deuterocanonical);
    expect(dc.map((b) => b.osis)).toEqual(expect.arrayContaining(['Tob', 'Jdt', 'Wis', 'Sir', 'Bar', '1Macc', '2Macc']));
    expect(dc.every((b) => b.testament === 'DC' && b.order > 66)).toBe(true);
  });

  it('finds books by name, OSIS id, USFM code and compact name', () => {
    for (const key of ['1 Corinthians', '1cor', '1CO', '1CORINTHIANS', '1 corinthians']) {
      expect(findBookExact(key)?.name).toBe('1 Corinthians');
    }
  });
});

describe('verse ids', () => {
  it('upper-cases the book name without spaces', () => {
    expect(verseId(findBookExact('John')!, 3, 16)).toBe('JOHN.3.16');
    expect(verseId(findBookExact('1 Corinthians')!, 13, 4)).toBe('1CORINTHIANS.13.4');
    expect(verseId(findBookExact('Song of Solomon')!, 2, 1)).toBe('SONGOFSOLOMON.2.1');
  });

  it('parses back, and refuses what is not a verse id', () => {
    expect(parseVerseId('JOHN.3.16')).toMatchObject({ book: { name: 'John' }, chapter: 3, verse: 16 });
    expect(parseVerseId('1corinthians.13.4')?.book.name).toBe('1 Corinthians');
    expect(parseVerseId('JOHN.3')).toBeUndefined();
    expect(parseVerseId('HEZEKIAH.1.1')).toBeUndefined();
    expect(parseVerseId('JOHN.0.1')).toBeUndefined();
    expect(parseVerseId('JOHN.3.0')).toBeUndefined();
    expect(parseVerseId('JOHN.3.16.1')).toBeUndefined();
    expect(parseVerseId(' john.3.16 ')).toMatchObject({ chapter: 3, verse: 16 });
  });

  it('formats the reference people read', () => {
    expect(formatVerseReference(findBookExact('Psalms')!, 23, 1)).toBe('Psalms 23:1');
  });
});
