import { describe, expect, it } from 'vitest';
import { resolveBook } from '#common/scripture/reference.ts';
import type { VerseItem } from '#common/contracts/bible.ts';
import { LoadedBook, LoadedChapter, LoadedTranslation } from '../store/bible-store.ts';
import { matchOffsets, SearchIndex, top } from './search-index.ts';
import { parseQuery } from './parse-query.ts';

const hits = (...pairs: [doc: number, score: number][]) => pairs.map(([doc, score]) => ({ doc, score }));

describe('the best hits of a search', () => {
  it('puts the highest scores first and keeps reading order (doc order) among equal scores', () => {
    const all = hits([5, 1], [1, 3], [9, 2], [2, 3], [7, 1], [3, 2]);
    expect(top([...all], 10).map((h) => h.doc)).toEqual([1, 2, 3, 9, 5, 7]);
  });

  it('keeps only the best when there are more hits than wanted, in the same order as a full sort', () => {
    const many = Array.from({ length: 500 }, (_, doc) => ({ doc, score: (doc * 7919) % 13 }));
    const sorted = [...many].sort((a, b) => b.score - a.score || a.doc - b.doc);
    expect(top([...many], 25)).toEqual(sorted.slice(0, 25));
    expect(top([...many].reverse(), 25)).toEqual(sorted.slice(0, 25));
  });
});

/** A small translation, made as a licensed text's fetched chapters are (each chapter held on its own). */
function translation(verses: [book: string, chapter: number, verse: number, text: string][]): LoadedTranslation {
  const books = new Map<string, Map<number, VerseItem[]>>();
  for (const [book, chapter, verse, text] of verses) {
    const chapters = books.get(book) ?? books.set(book, new Map()).get(book)!;
    const items = chapters.get(chapter) ?? chapters.set(chapter, []).get(chapter)!;
    items.push({
      verseId: `${book}.${chapter}.${verse}`,
      reference: `${book} ${chapter}:${verse}`,
      verse,
      verseNum: verse,
      text,
      content: [{ type: 'text', text }],
    });
  }
  const loaded = [...books].map(
    ([name, chapters]) =>
      new LoadedBook(
        resolveBook(name)!,
        name,
        name,
        [...chapters].map(([number, items]) => LoadedChapter.of(number, items)),
      ),
  );
  return new LoadedTranslation(
    { code: 'TEST', name: 'Test', language: 'en', languageName: 'English', category: 'Word-for-Word', direction: 'ltr', licence: 'Test' },
    loaded,
  );
}

const BIBLE = translation([
  ['Genesis', 1, 1, 'In the beginning God created the heaven and the earth.'],
  ['Genesis', 1, 2, 'And the earth was without form, and void.'],
  ['Psalms', 23, 1, 'The LORD is my shepherd; I shall not want.'],
  ['John', 1, 1, 'In the beginning was the Word, and the Word was with God, and the Word was God.'],
  ['John', 3, 16, 'For God so loved the world, that he gave his only begotten Son.'],
  ['Luke', 6, 32, 'For if ye love them which love you, what thank have ye? for sinners also love those that love them.'],
  ['1 John', 4, 8, 'He that loveth not knoweth not God; for God is love.'],
]);
const index = new SearchIndex(BIBLE);
const everything = () => true;
const references = (q: string, filter: (d: { book: { name: string } }) => boolean = everything, wanted = 10) => {
  const result = index.search(parseQuery(q), filter, wanted);
  return { ...result, refs: result.hits.map((h) => `${index.docs[h.doc]!.book.name} ${index.docs[h.doc]!.chapter}:${index.docs[h.doc]!.verse}`) };
};

describe('searching one translation', () => {
  it('finds whole words, best first: where the word counts most in a short verse', () => {
    const love = references('love');
    expect(love.refs).toEqual(['Luke 6:32', '1 John 4:8']);
    expect([love.total, love.match]).toEqual([2, 'all']);
    expect(references('LORD').refs).toEqual(['Psalms 23:1']);
    expect(references('nothing-here').total).toBe(0);
    expect(references('').total).toBe(0);
  });

  it('needs every word, and falls back to any word when no verse has them all', () => {
    expect(references('beginning God').refs).toEqual(['Genesis 1:1', 'John 1:1']);
    const either = references('shepherd earth');
    expect(either.match).toBe('any');
    expect(new Set(either.refs)).toEqual(new Set(['Psalms 23:1', 'Genesis 1:1', 'Genesis 1:2']));
  });

  it('matches phrases in order and prefixes of words', () => {
    expect(references('"in the beginning"').refs).toEqual(['Genesis 1:1', 'John 1:1']);
    expect(references('"the beginning in"').total).toBe(0);
    expect(references('"the earth"').refs.sort()).toEqual(['Genesis 1:1', 'Genesis 1:2']);
    expect(new Set(references('lov*').refs)).toEqual(new Set(['Luke 6:32', 'John 3:16', '1 John 4:8']));
    expect(index.termsWithPrefix('lov')).toEqual(['love', 'loved', 'loveth']);
    expect(index.termsWithPrefix('zz')).toEqual([]);
  });

  it('keeps only what the filter lets through, and only as many as wanted', () => {
    expect(references('God', (d) => d.book.name === 'John').refs.sort()).toEqual(['John 1:1', 'John 3:16']);
    const one = references('God', everything, 1);
    expect([one.total, one.hits.length]).toEqual([4, 1]);
  });

  it('marks the matched words in a verse, joining the words of a phrase', () => {
    const text = 'In the beginning was the Word';
    expect(matchOffsets(text, parseQuery('"in the beginning"'))).toEqual([{ start: 0, end: 16 }]);
    expect(matchOffsets(text, parseQuery('the'))).toEqual([
      { start: 3, end: 6 },
      { start: 21, end: 24 },
    ]);
    expect(matchOffsets('For God so loved', parseQuery('lov*'))).toEqual([{ start: 11, end: 16 }]);
  });
});
