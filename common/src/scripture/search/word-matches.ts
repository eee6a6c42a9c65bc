import type { SearchResponse } from '../../contracts/bible.ts';
import type { CanonBook } from '../canon.ts';
import { formatVerseReference, verseId } from '../verse-id.ts';
import type { QueryPart } from './parse-query.ts';
import type { IndexedVerse, SearchIndex } from './search-index.ts';

/** Where a search looks: one book, one testament, or (neither given) the whole text. */
export interface SearchScope {
  book?: CanonBook;
  testament?: string;
}

export const inScope =
  ({ book, testament }: SearchScope) =>
  (doc: IndexedVerse): boolean =>
    (!book || doc.book === book) && (!testament || doc.book.testament === testament);

/**
 * One page of a search's word matches: the verses holding the query's words (else some of them), best
 * first, each with its words marked. The server's search and the device's offline search both answer
 * with it, so a reader offline sees what they would see online.
 */
export function wordMatches(
  index: SearchIndex,
  parts: readonly QueryPart[],
  scope: SearchScope,
  page: { offset: number; limit: number },
): Pick<SearchResponse, 'total' | 'match' | 'results'> {
  const found = index.search(parts, inScope(scope), page.offset + page.limit);
  const mark = index.marker(parts);
  return {
    total: found.total,
    match: found.match,
    results: found.hits.slice(page.offset).map(({ doc }) => searchHit(index.docs[doc]!, mark(index.docs[doc]!.text))),
  };
}

/** One verse of a search's answer, with where its matching words are. */
export function searchHit(v: IndexedVerse, matches: SearchResponse['results'][number]['matches']): SearchResponse['results'][number] {
  return {
    verseId: verseId(v.book, v.chapter, v.verse),
    reference: formatVerseReference(v.book, v.chapter, v.verse),
    book: v.book.name,
    chapter: v.chapter,
    verse: v.verse,
    text: v.text,
    matches,
  };
}
