import type { BookEntry, ChapterContent, SearchRequest, SearchResponse } from '#common/contracts/bible.ts';
import { availableBooksPath } from '#common/scripture/reader-url.ts';
import { downloadCacheName } from '../sw-rules.ts';
import { findWords, queryWords } from '../word-match.ts';
import { SpellingVocabulary, suggestQuery } from '#common/scripture/spelling.ts';

/**
 * Search without a network (issue 18 §3), in a translation downloaded to this device: every verse
 * holding all the words (else any of them, as the server does), in canon order, with the matched
 * words marked. The server's search ranks and understands references; this one only finds words.
 */

interface IndexedVerse {
  verseId: string;
  reference: string;
  book: string;
  testament: string;
  chapter: number;
  verse: number;
  text: string;
  folded: string;
}

// One index per translation for the page's life: a download does not change under it.
const indexes = new Map<string, Promise<IndexedVerse[] | undefined>>();
/** The download's own words, for "Did you mean …?": built the first time a word is not among them. */
const vocabularies = new Map<string, SpellingVocabulary>();

function vocabulary(code: string, verses: readonly IndexedVerse[]): SpellingVocabulary {
  let words = vocabularies.get(code);
  if (!words) {
    words = new SpellingVocabulary();
    for (const v of verses) words.add(v.text);
    vocabularies.set(code, words);
  }
  return words;
}

async function buildIndex(code: string): Promise<IndexedVerse[] | undefined> {
  if (typeof caches === 'undefined' || !(await caches.has(downloadCacheName(code)))) return undefined;
  const cache = await caches.open(downloadCacheName(code));
  const booksReply = await cache.match(availableBooksPath(code));
  if (!booksReply) return undefined;
  const books = (await booksReply.json()) as BookEntry[];
  const testaments = new Map(books.map((b) => [b.englishName, b.testament]));
  const order = new Map(books.map((b, i) => [b.englishName, i]));
  const chapters: ChapterContent[] = [];
  for (const request of await cache.keys()) {
    if (!new URL(request.url).pathname.startsWith('/api/bible/content/')) continue;
    const reply = await cache.match(request);
    if (reply) chapters.push((await reply.json()) as ChapterContent);
  }
  chapters.sort((a, b) => (order.get(a.book) ?? 0) - (order.get(b.book) ?? 0) || a.chapter - b.chapter);
  return chapters.flatMap((c) =>
    c.verses.map((v) => ({
      verseId: v.verseId,
      reference: v.reference,
      book: c.book,
      testament: testaments.get(c.book) ?? '',
      chapter: c.chapter,
      verse: v.verse,
      text: v.text,
      folded: v.text.toLowerCase(),
    })),
  );
}

/** The search's answer from the downloaded translation, or undefined when it is not downloaded. */
export async function searchDownloaded(params: SearchRequest): Promise<SearchResponse | undefined> {
  const code = params.translation;
  if (!code) return undefined;
  let index = indexes.get(code);
  if (!index) indexes.set(code, (index = buildIndex(code)));
  const verses = await index;
  if (!verses) {
    indexes.delete(code);
    return undefined;
  }
  const words = queryWords(params.q);
  const limit = Number(params.limit ?? 20);
  const offset = Number(params.offset ?? 0);
  const inScope = verses.filter((v) => (!params.book || v.book === params.book) && (!params.testament || v.testament === params.testament));
  const withAll = inScope.filter((v) => words.length > 0 && words.every((w) => findWords(v.folded, [w]).length > 0));
  const match = withAll.length > 0 || words.length === 0 ? 'all' : 'any';
  const found = match === 'all' ? withAll : inScope.filter((v) => findWords(v.folded, words).length > 0);
  // Verses with every word mean every word is in the text: the vocabulary is built only when one may not be.
  const spelling = () => vocabulary(code, verses);
  const mayMiss = offset === 0 && (match === 'any' || found.length === 0);
  const suggestion = mayMiss
    ? suggestQuery(
        params.q,
        (term) => spelling().has(term),
        (term) => spelling().suggest(term),
      )
    : undefined;
  return {
    ...(suggestion && { suggestion }),
    query: params.q,
    translation: code,
    total: found.length,
    limit,
    offset,
    match,
    passage: null,
    results: found.slice(offset, offset + limit).map((v) => ({
      verseId: v.verseId,
      reference: v.reference,
      book: v.book,
      chapter: v.chapter,
      verse: v.verse,
      text: v.text,
      matches: findWords(v.folded, words),
    })),
  };
}
