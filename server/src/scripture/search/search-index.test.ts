import { describe, expect, it } from 'vitest';
import { resolveBook } from '#common/scripture/reference.ts';
import type { VerseItem } from '#common/contracts/bible.ts';
import { LoadedBook, LoadedChapter, LoadedTranslation } from '../store/bible-store.ts';
import { matchOffsets, SearchIndex, top } from './search-index.ts';
import { parseQuery } from '#common/scripture/search/parse-query.ts';

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
    // "loved" is a form of love too, but the verses saying "love" come first.
    expect(love.refs).toEqual(['Luke 6:32', '1 John 4:8', 'John 3:16']);
    expect([love.total, love.match]).toEqual([3, 'all']);
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

const STUDY = translation([
  ['Genesis', 4, 2, 'The shepherd rose early and walked far over the hills to find sheep.'],
  ['Genesis', 15, 1, 'Fear not, Abram: I am thy shield.'],
  ['Psalms', 56, 3, 'What time I am afraid, I will trust in thee.'],
  ['Proverbs', 1, 7, 'The fear of the LORD is the beginning of knowledge.'],
  ['Proverbs', 13, 13, 'He that feareth the commandment shall be rewarded.'],
  ['Zechariah', 13, 7, 'Smite the shepherd and the sheep shall be scattered over the hills again'],
  ['Matthew', 27, 54, 'They feared greatly, saying, Truly this was the Son of God.'],
  ['Luke', 1, 50, 'And his mercy is on them that fear him from generation to generation.'],
  ['Acts', 27, 17, 'And fearing lest they should fall into the quicksands, they strake sail.'],
  ['1 Peter', 5, 7, 'Casting all your care upon him; for he careth for you.'],
]);
const study = new SearchIndex(STUDY);
const found = (q: string) => {
  const result = study.search(parseQuery(q, 'en'), everything, 20);
  return { ...result, refs: result.hits.map((h) => `${study.docs[h.doc]!.book.name} ${study.docs[h.doc]!.chapter}:${study.docs[h.doc]!.verse}`) };
};
const marks = (text: string, q: string) => study.matchOffsets(text, parseQuery(q, 'en')).map((m) => text.slice(m.start, m.end));

describe('searching by meaning rather than by every letter', () => {
  it('ignores stop words for matching and marking, and counts the verses with every content word', () => {
    const fallback = found('God cares when I am afraid');
    // No verse has God, care and afraid: verses with any of them, and "I", "am", "when" count for nothing.
    expect(fallback.match).toBe('any');
    expect(new Set(fallback.refs)).toEqual(new Set(['Psalms 56:3', 'Matthew 27:54', '1 Peter 5:7']));
    expect(fallback.total).toBe(3);
    expect(marks('What time I am afraid, I will trust in thee.', 'God cares when I am afraid')).toEqual(['afraid']);
    expect(found('the fear of the LORD')).toMatchObject({ match: 'all', total: 1, refs: ['Proverbs 1:7'] });
    // A phrase keeps its stop words, in order; a query of stop words alone still finds them.
    expect(found('"I am" afraid').refs).toEqual(['Psalms 56:3']);
    expect(marks('What time I am afraid, I will trust in thee.', '"I am" afraid')).toEqual(['I am afraid']);
    expect(found('I am').refs.sort()).toEqual(['Genesis 15:1', 'Psalms 56:3']);
  });

  it("finds a word's other forms, KJV's -eth among them, the exact form first, and marks them", () => {
    const fear = found('fear');
    expect(fear.total).toBe(6);
    expect(new Set(fear.refs.slice(0, 3))).toEqual(new Set(['Genesis 15:1', 'Proverbs 1:7', 'Luke 1:50']));
    expect(new Set(fear.refs.slice(3))).toEqual(new Set(['Proverbs 13:13', 'Matthew 27:54', 'Acts 27:17']));
    expect(found('feared').refs[0]).toBe('Matthew 27:54');
    expect(found('cares').refs).toEqual(['1 Peter 5:7']);
    expect(marks('Casting all your care upon him; for he careth for you.', 'cares')).toEqual(['care', 'careth']);
    // Prefixes and phrases keep their letter-for-letter meaning.
    expect(found('"fear him"').refs).toEqual(['Luke 1:50']);
    expect(found('"feared him"').total).toBe(0);
    expect(found('feare*').refs.sort()).toEqual(['Matthew 27:54', 'Proverbs 13:13']);
  });

  it('ranks verses where the words stand together above verses where they are far apart', () => {
    // Same length, one of each word: only the distance between them tells the two apart.
    expect(found('shepherd sheep').refs).toEqual(['Zechariah 13:7', 'Genesis 4:2']);
  });
});

const BEGOTTEN = new SearchIndex(
  translation([
    ['Job', 38, 28, 'Hath the rain a father? or who hath begotten the drops of dew?'],
    [
      'John',
      3,
      16,
      'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
    ],
    ['Acts', 13, 33, 'Thou art my Son, this day have I begotten thee.'],
    ['Philemon', 1, 10, 'I beseech thee for my son Onesimus, whom I have begotten in my bonds:'],
    [
      '1 John',
      4,
      9,
      'In this was manifested the love of God toward us, because that God sent his only begotten Son into the world, that we might live through him.',
    ],
  ]),
);

describe('the stop words asked beside a word', () => {
  const refs = (q: string, related: Parameters<SearchIndex['search']>[3] = []) =>
    BEGOTTEN.search(parseQuery(q, 'en'), everything, 10, related).hits.map(
      (h) => `${BEGOTTEN.docs[h.doc]!.book.name} ${BEGOTTEN.docs[h.doc]!.chapter}:${BEGOTTEN.docs[h.doc]!.verse}`,
    );

  it('rank the verses that have them in the same place first, though the longer verses score less by the word alone', () => {
    expect(refs('begotten')[0]).toBe('Acts 13:33');
    expect(refs('only begotten').slice(0, 2).sort()).toEqual(['1 John 4:9', 'John 3:16']);
    expect(refs('begotten only')[0]).toBe('Acts 13:33');
    expect(refs('my Son')[0]).toBe('Acts 13:33');
    // The same with words standing in for the ones asked (the AI's search by meaning).
    expect(
      refs('only begotten', [{ of: 0, term: 'son', weight: 0.5 }])
        .slice(0, 2)
        .sort(),
    ).toEqual(['1 John 4:9', 'John 3:16']);
    // Every verse with the word is still found: the neighbours only rank.
    expect(refs('only begotten')).toHaveLength(5);
  });

  it('raise only as many verses as asked for, the same ones as when every verse is raised', () => {
    const one = BEGOTTEN.search(parseQuery('only begotten', 'en'), everything, 1);
    expect([one.total, one.hits.length]).toEqual([5, 1]);
    expect(['John 3', '1 John 4']).toContain(`${BEGOTTEN.docs[one.hits[0]!.doc]!.book.name} ${BEGOTTEN.docs[one.hits[0]!.doc]!.chapter}`);
  });

  it('are never marked: they rank, they do not match', () => {
    const text = 'that he gave his only begotten Son, that whosoever believeth';
    expect(matchOffsets(text, parseQuery('only begotten', 'en')).map((m) => text.slice(m.start, m.end))).toEqual(['begotten']);
  });
});
