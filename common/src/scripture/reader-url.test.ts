import { describe, expect, it } from 'vitest';
import { availableBooksPath, chapterContentPath, readerSearch } from './reader-url.ts';

describe("the reader's URL", () => {
  it('reads book, chapter, verse and translation, dropping what does not fit', () => {
    expect(readerSearch({ book: ' John ', chapter: '3', verse: '16', translation: 'web' })).toEqual({
      book: 'John',
      chapter: 3,
      verse: 16,
      translation: 'WEB',
    });
    expect(readerSearch({})).toEqual({ book: undefined, chapter: undefined, verse: undefined, translation: undefined });
    expect(readerSearch({ book: 'x'.repeat(41), chapter: '0', verse: '201', translation: 'x'.repeat(17) })).toEqual({
      book: undefined,
      chapter: undefined,
      verse: undefined,
      translation: undefined,
    });
    expect(readerSearch({ chapter: 200, verse: 1 })).toMatchObject({ chapter: 200, verse: 1 });
  });

  it('builds the API paths the reader asks for first', () => {
    expect(chapterContentPath('KJV', '1 John', 2)).toBe('/api/bible/content/1%20John/2?translation=KJV');
    expect(availableBooksPath('WEB 2015')).toBe('/api/bible/available-books/WEB%202015');
  });
});
