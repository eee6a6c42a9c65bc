import { describe, expect, it } from 'vitest';
import type { ChapterContent } from '#common/contracts/bible.ts';
import { DownloadedText } from './downloaded-text.ts';

/** A chapter as the reader's address answers it and a download keeps it: only what search reads is real. */
function chapter(book: string, number: number, verses: [verse: number, text: string][]): ChapterContent {
  return {
    translation: 'KJV',
    translationName: 'King James Version',
    direction: 'ltr',
    book,
    bookId: book,
    chapter: number,
    reference: `${book} ${number}`,
    redirect: false,
    previous: null,
    next: null,
    verses: verses.map(([verse, text]) => ({
      verseId: `${book.toUpperCase()}.${number}.${verse}`,
      reference: `${book} ${number}:${verse}`,
      verse,
      verseNum: verse,
      text,
      content: [{ type: 'text', text }],
    })),
  };
}

// Out of canonical order, as a cache lists what it keeps.
const CHAPTERS = [
  chapter('1 John', 4, [
    [8, 'He that loveth not knoweth not God; for God is love.'],
    [18, 'There is no fear in love; but perfect love casteth out fear.'],
  ]),
  chapter('Psalms', 56, [[3, 'What time I am afraid, I will trust in thee.']]),
  chapter('1 Peter', 5, [[7, 'Casting all your care upon him; for he careth for you.']]),
  chapter('Genesis', 1, [[1, 'In the beginning God created the heaven and the earth.']]),
  chapter('John', 14, [[21, 'He that hath my commandments, and keepeth them, he it is that loveth me.']]),
];

const kjv = new DownloadedText('KJV', 'en', CHAPTERS);
const marked = (hit: { text: string; matches: { start: number; end: number }[] }) => hit.matches.map((m) => hit.text.slice(m.start, m.end));
const answer = (q: string, text = kjv) => {
  const found = text.search({ q, translation: 'KJV' });
  return { total: found.total, match: found.match, hits: found.results.map((r) => [r.reference, marked(r)]) };
};

describe('searching a downloaded translation on the device', () => {
  it('leaves out the stop words of a sentence: they neither find verses nor are marked', () => {
    expect(answer('God cares when I am afraid')).toEqual({
      total: 4,
      match: 'any',
      hits: [
        ['Psalms 56:3', ['afraid']],
        ['1 Peter 5:7', ['care', 'careth']],
        ['1 John 4:8', ['God', 'God']],
        ['Genesis 1:1', ['God']],
      ],
    });
  });

  it("finds a word's forms, KJV's -eth among them", () => {
    expect(answer('loveth')).toEqual({
      total: 3,
      match: 'all',
      hits: [
        ['1 John 4:8', ['loveth', 'love']],
        ['1 John 4:18', ['love', 'love']],
        ['John 14:21', ['loveth']],
      ],
    });
    expect(answer('care').hits).toEqual([['1 Peter 5:7', ['care', 'careth']]]);
  });

  it('reads phrases and prefixes, in a book or testament, a page at a time, as the server does', () => {
    expect(answer('"in the beginning"').hits).toEqual([['Genesis 1:1', ['In the beginning']]]);
    expect(kjv.search({ q: 'love*', translation: 'KJV', book: '1 John' }).results.map((r) => r.reference)).toEqual(['1 John 4:8', '1 John 4:18']);
    expect(kjv.search({ q: 'god', translation: 'KJV', testament: 'OT' }).results.map((r) => r.reference)).toEqual(['Genesis 1:1']);
    const second = kjv.search({ q: 'love', translation: 'KJV', limit: 1, offset: 1 });
    expect([second.total, second.results.map((r) => r.reference)]).toEqual([3, ['1 John 4:8']]);
    expect(kjv.search({ q: 'god', translation: 'KJV', book: 'Nowhere' }).total).toBe(0);
  });

  it("offers the text's own word for one it lacks", () => {
    expect(kjv.search({ q: 'afriad', translation: 'KJV' }).suggestion).toBe('afraid');
    expect(kjv.search({ q: 'afraid', translation: 'KJV' }).suggestion).toBeUndefined();
  });

  it('takes every word as written when the language is not known (a download made before it was kept)', () => {
    expect(answer('I am afraid', new DownloadedText('KJV', undefined, CHAPTERS)).hits).toEqual([['Psalms 56:3', ['I am afraid', 'I']]]);
  });
});
