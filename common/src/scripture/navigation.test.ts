import { describe, expect, it } from 'vitest';
import { chapterAfterBookChange, firstChapter, lastChapter, nextChapter, previousChapter } from './navigation.ts';

describe('reader navigation (spec §4)', () => {
  it('moves within a book', () => {
    expect(nextChapter({ book: 'John', chapter: 3 })).toEqual({ book: 'John', chapter: 4 });
    expect(previousChapter({ book: 'John', chapter: 3 })).toEqual({ book: 'John', chapter: 2 });
  });

  it('crosses book boundaries', () => {
    expect(nextChapter({ book: 'Malachi', chapter: 4 })).toEqual({ book: 'Matthew', chapter: 1 });
    expect(previousChapter({ book: 'Matthew', chapter: 1 })).toEqual({ book: 'Malachi', chapter: 4 });
    expect(previousChapter({ book: 'Exodus', chapter: 1 })).toEqual({ book: 'Genesis', chapter: 50 });
  });

  it('stops at Genesis 1 and Revelation 22', () => {
    expect(previousChapter({ book: 'Genesis', chapter: 1 })).toBeNull();
    expect(nextChapter({ book: 'Revelation', chapter: 22 })).toBeNull();
    expect(firstChapter()).toEqual({ book: 'Genesis', chapter: 1 });
    expect(lastChapter()).toEqual({ book: 'Revelation', chapter: 22 });
  });

  it('follows the books a translation has', () => {
    const nt = [
      { name: 'Matthew', chapters: [1, 2] },
      { name: 'Mark', chapters: [1] },
    ];
    expect(previousChapter({ book: 'Matthew', chapter: 1 }, nt)).toBeNull();
    expect(nextChapter({ book: 'Matthew', chapter: 2 }, nt)).toEqual({ book: 'Mark', chapter: 1 });
  });

  it('skips the books and chapters a translation lacks, never the canon neighbour it does not have', () => {
    const partial = [
      { name: 'Genesis', chapters: [1, 2, 50] },
      { name: 'Exodus', chapters: [] },
      { name: 'Psalms', chapters: [23] },
      { name: 'John', chapters: [3, 11] },
    ];
    expect(nextChapter({ book: 'Genesis', chapter: 2 }, partial)).toEqual({ book: 'Genesis', chapter: 50 });
    expect(nextChapter({ book: 'Genesis', chapter: 50 }, partial)).toEqual({ book: 'Psalms', chapter: 23 });
    expect(nextChapter({ book: 'Psalms', chapter: 23 }, partial)).toEqual({ book: 'John', chapter: 3 });
    expect(previousChapter({ book: 'John', chapter: 3 }, partial)).toEqual({ book: 'Psalms', chapter: 23 });
    expect(previousChapter({ book: 'Psalms', chapter: 23 }, partial)).toEqual({ book: 'Genesis', chapter: 50 });
    expect(previousChapter({ book: 'John', chapter: 11 }, partial)).toEqual({ book: 'John', chapter: 3 });
    expect(nextChapter({ book: 'John', chapter: 11 }, partial)).toBeNull();
    expect(nextChapter({ book: 'Exodus', chapter: 1 }, partial)).toBeNull(); // not in this translation
    expect(firstChapter([{ name: 'Tobit', chapters: [] }, ...partial])).toEqual({ book: 'Genesis', chapter: 1 });
    expect(lastChapter([...partial, { name: 'Revelation', chapters: [] }])).toEqual({ book: 'John', chapter: 11 });
  });

  it('resets to chapter 1, or the first chapter a book has', () => {
    expect(chapterAfterBookChange({ name: 'John', chapters: [1, 2, 3] })).toBe(1);
    expect(chapterAfterBookChange({ name: 'Esther (Greek)', chapters: [10, 11] })).toBe(10);
  });
});
