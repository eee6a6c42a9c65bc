import { describe, expect, it } from 'vitest';
import {
  chapterOfReference,
  findReferences,
  formatReference,
  parseReference,
  resolveBook,
  selectionReference,
  spanReference,
  verseOfReference,
  verseRanges,
  versesInChapter,
} from './reference.ts';

const fmt = (s: string) => {
  const r = parseReference(s);
  return r && formatReference(r);
};

describe('references', () => {
  it('parses verses, ranges, chapters and abbreviations', () => {
    expect(fmt('John 3:16')).toBe('John 3:16');
    expect(fmt('John 3:16-18')).toBe('John 3:16-18');
    expect(fmt('1 Cor 13:4-7')).toBe('1 Corinthians 13:4-7');
    expect(fmt('Psalm 23')).toBe('Psalms 23');
    expect(fmt('jn 3 16')).toBe('John 3:16');
    expect(fmt('jn 3')).toBe('John 3');
    expect(fmt('Gen 1:1-2:3')).toBe('Genesis 1:1-2:3');
    expect(fmt('Song of Solomon 2:1')).toBe('Song of Solomon 2:1');
    expect(fmt('jude 5')).toBe('Jude 1:5');
  });

  it('reads a book alone as its first chapter, a one-chapter book’s number as a verse, and a chapter span with its verses', () => {
    expect(fmt('Genesis')).toBe('Genesis 1');
    expect(fmt('Jude')).toBe('Jude 1');
    expect(fmt('Obadiah 1')).toBe('Obadiah 1');
    expect(fmt('Jude 1-3')).toBe('Jude 1:1-3');
    expect(fmt('Jude 5-7')).toBe('Jude 1:5-7');
    expect(fmt('John 3-4')).toBe('John 3:1-4:54');
    expect(fmt('John 3:36-4:2')).toBe('John 3:36-4:2');
    expect(fmt('John 3:16-16')).toBe('John 3:16');
    expect(fmt('1 John 5')).toBe('1 John 5');
    // The deuterocanon and the Psalms' 151st are read (testaments "ona").
    expect(fmt('Tobit 1:1')).toBe('Tobit 1:1');
    expect(fmt('Ps 151')).toBe('Psalms 151');
    expect(parseReference('Genesis')).toMatchObject({ chapter: 1, verse: undefined, endChapter: 1, endVerse: undefined });
    expect(parseReference('Jude 5')).toMatchObject({ chapter: 1, verse: 5, endChapter: 1, endVerse: 5 });
    expect(parseReference('Obadiah 1')).toMatchObject({ chapter: 1, verse: undefined, endVerse: undefined });
  });

  it('takes a reference with spaces and punctuation around it, and the longest text it reads is 100 characters', () => {
    expect(fmt('   John   3:16  ')).toBe('John 3:16');
    expect(fmt('John 3:16.')).toBe('John 3:16');
    expect(fmt('Jn 3:16,')).toBe('John 3:16');
    expect(fmt(`John 3:16${' '.repeat(90)}.`)).toBe('John 3:16');
    expect(fmt(`John 3:16${' '.repeat(91)}.`)).toBeUndefined();
  });

  it('reads a list of verses as several references, and a span across books as none', () => {
    expect(findReferences('John 3:16, 18').map((f) => [formatReference(f.range), f.start, f.end])).toEqual([
      ['John 3:16', 0, 9],
      ['John 3:18', 11, 13],
    ]);
    expect(fmt('John 3:16, 18')).toBeUndefined();
    expect(fmt('John 3:16; Rom 8:28')).toBeUndefined();
    expect(findReferences('Genesis 50 - Exodus 1')).toEqual([]);
    expect(findReferences('no reference here')).toEqual([]);
  });

  it('writes each shape of a range', () => {
    const john = parseReference('John 1')!.book;
    expect(formatReference({ book: john, chapter: 3, endChapter: 3 })).toBe('John 3');
    expect(formatReference({ book: john, chapter: 3, endChapter: 4 })).toBe('John 3-4');
    expect(formatReference({ book: john, chapter: 3, verse: 16, endChapter: 3 })).toBe('John 3:16');
    expect(formatReference({ book: john, chapter: 3, verse: 16, endChapter: 3, endVerse: 16 })).toBe('John 3:16');
    expect(formatReference({ book: john, chapter: 3, verse: 16, endChapter: 3, endVerse: 18 })).toBe('John 3:16-18');
    expect(formatReference({ book: john, chapter: 3, verse: 36, endChapter: 4, endVerse: 2 })).toBe('John 3:36-4:2');
  });

  it('keeps the parts of a parsed range', () => {
    expect(parseReference('John 3:16-18')).toMatchObject({ book: { name: 'John' }, chapter: 3, verse: 16, endChapter: 3, endVerse: 18 });
    expect(parseReference('Psalm 23')).toMatchObject({ book: { name: 'Psalms' }, chapter: 23, verse: undefined });
  });

  it('refuses text that is not wholly a reference', () => {
    for (const text of ['love', 'I am the way', 'John 99:1', '', 'the love of John 3:16']) expect(parseReference(text)).toBeUndefined();
  });

  it('finds references inside free text with their positions', () => {
    const found = findReferences('Read John 3:16 and Rom 8:28 today');
    expect(found.map((f) => formatReference(f.range))).toEqual(['John 3:16', 'Romans 8:28']);
    expect('Read John 3:16 and Rom 8:28 today'.slice(found[0]!.start, found[0]!.end)).toBe('John 3:16');
  });

  it('resolves book names from URLs: spec names, "Psalm", codes, abbreviations', () => {
    expect(resolveBook('Genesis')?.name).toBe('Genesis');
    expect(resolveBook('psalm')?.name).toBe('Psalms');
    expect(resolveBook('Song of Solomon')?.name).toBe('Song of Solomon');
    expect(resolveBook('song+of+solomon')?.name).toBe('Song of Solomon');
    expect(resolveBook('1 Corinthians')?.name).toBe('1 Corinthians');
    expect(resolveBook('1cor')?.name).toBe('1 Corinthians');
    expect(resolveBook('Rev')?.name).toBe('Revelation');
    expect(resolveBook('jn')?.name).toBe('John');
    expect(resolveBook('Tobit')?.name).toBe('Tobit');
    expect(resolveBook('Hezekiah')).toBeUndefined();
    expect(resolveBook('')).toBeUndefined();
    expect(resolveBook('Song   of  Solomon')?.name).toBe('Song of Solomon');
    expect(resolveBook(' 1 John ')?.name).toBe('1 John');
    expect(resolveBook('ps')?.name).toBe('Psalms');
    // A name is the whole text: a book found further on is not it; and names are short.
    expect(resolveBook('see jn')).toBeUndefined();
    expect(resolveBook(`John${' '.repeat(36)}`)?.name).toBe('John');
    expect(resolveBook(`${'x'.repeat(36)} John`)).toBeUndefined();
  });
});

describe("Selah's own references", () => {
  it('reads the chapter and the verse', () => {
    expect(chapterOfReference('1 John 3:16')).toBe('1 John 3');
    expect(chapterOfReference('Psalms 23')).toBe('Psalms 23');
    expect(verseOfReference('Song of Solomon 2:4')).toBe(4);
    expect(verseOfReference('John 3')).toBeUndefined();
    expect(verseOfReference('John 3:16-18')).toBeUndefined();
    expect(verseOfReference('John 3:16a')).toBeUndefined();
    expect(verseOfReference('3:16')).toBeUndefined();
    expect(verseOfReference('x John 3:16')).toBe(16);
  });

  it('names the verses of one chapter, not chapter references, other chapters or broken ranges', () => {
    const verses = (ref: string) => versesInChapter(ref, 'John 3');
    expect(verses('John 3:1-3, 20')).toEqual([1, 2, 3, 20]);
    expect(verses('John 3:16–17')).toEqual([16, 17]);
    for (const other of ['John 3', 'John 31:5', '1 John 3:9', 'John 3:x', 'John 3:9-2', 'John 3:1-900', 'John 3:x-4', 'John 3:4-x'])
      expect(verses(other)).toEqual([]);
    expect(verses('John 3: 4 - 5 ,7')).toEqual([4, 5, 7]);
    expect(verses('John 3:5-5')).toEqual([5]);
    // At most 201 verses a range (a chapter has at most 176).
    expect(verses('John 3:1-201')).toHaveLength(201);
    expect(verses('John 3:1-202')).toEqual([]);
    expect(verses('John 3:2-1, 4')).toEqual([4]);
  });

  it('writes selections as ranges and gaps', () => {
    expect(verseRanges([3, 1, 2, 2, 7])).toEqual([
      [1, 3],
      [7, 7],
    ]);
    expect(selectionReference('John', 3, [16])).toBe('John 3:16');
    expect(selectionReference('John', 3, [18, 16, 17, 20])).toBe('John 3:16–18, 20');
    expect(selectionReference('John', 3, [18, 16, 17, 20], '-')).toBe('John 3:16-18, 20');
    expect(spanReference('John', 3, [18, 16, 20])).toBe('John 3:16-20');
    expect(spanReference('John', 3, [5])).toBe('John 3:5');
    expect(spanReference('John', 3, [20, 5])).toBe('John 3:5-20');
    expect(verseRanges([])).toEqual([]);
    expect(verseRanges([10, 9, 11, 2])).toEqual([
      [2, 2],
      [9, 11],
    ]);
    expect(selectionReference('John', 3, [1, 3, 5])).toBe('John 3:1, 3, 5');
  });
});
