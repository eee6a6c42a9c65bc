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
  });
});

describe("Selah's own references", () => {
  it('reads the chapter and the verse', () => {
    expect(chapterOfReference('1 John 3:16')).toBe('1 John 3');
    expect(chapterOfReference('Psalms 23')).toBe('Psalms 23');
    expect(verseOfReference('Song of Solomon 2:4')).toBe(4);
    expect(verseOfReference('John 3')).toBeUndefined();
    expect(verseOfReference('John 3:16-18')).toBeUndefined();
  });

  it('names the verses of one chapter, not chapter references, other chapters or broken ranges', () => {
    const verses = (ref: string) => versesInChapter(ref, 'John 3');
    expect(verses('John 3:1-3, 20')).toEqual([1, 2, 3, 20]);
    expect(verses('John 3:16–17')).toEqual([16, 17]);
    for (const other of ['John 3', 'John 31:5', '1 John 3:9', 'John 3:x', 'John 3:9-2', 'John 3:1-900']) expect(verses(other)).toEqual([]);
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
  });
});
