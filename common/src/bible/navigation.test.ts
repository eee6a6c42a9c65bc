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

  it('resets to chapter 1, or the first chapter a book has', () => {
    expect(chapterAfterBookChange({ name: 'John', chapters: [1, 2, 3] })).toBe(1);
    expect(chapterAfterBookChange({ name: 'Esther (Greek)', chapters: [10, 11] })).toBe(10);
  });
});
