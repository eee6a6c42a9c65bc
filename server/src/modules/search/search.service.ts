import { LRUCache } from 'lru-cache';
import { formatReference, parseReference, resolveBook } from '#common/bible/reference.ts';
import { formatVerseReference, verseId } from '#common/bible/verse-id.ts';
import type { SearchQuery, SearchResponse } from '#common/contracts/bible.ts';
import { Invalid } from '../../lib/errors.ts';
import type { BibleStore, LoadedTranslation } from '../../bible/store/bible-store.ts';
import { parseQuery } from '../../bible/search/parse-query.ts';
import { matchOffsets, SearchIndex } from '../../bible/search/search-index.ts';
import type { BibleService } from '../bible/bible.service.ts';
import { prepareReply, type PreparedReply } from '../../http/prepared-reply.ts';

/** Passages longer than this (a whole book asked as a reference) are cut; the reader shows the rest. */
const MAX_PASSAGE_VERSES = 200;

// Results change only when a translation does; people search the same words again and again.
const SEARCH_CACHE = 'public, max-age=600';

export class SearchService {
  private readonly indexes = new Map<string, SearchIndex>();
  /** Recent searches, answered again from their prepared bytes (about 15 KB each). */
  private readonly replies = new LRUCache<string, PreparedReply>({ max: 500 });

  constructor(
    store: BibleStore,
    private readonly bible: BibleService,
  ) {
    // A re-imported translation must not be searched through its old index, nor answered from old replies.
    store.onChange((code) => {
      this.indexes.delete(code);
      this.replies.clear();
    });
  }

  /** The search's reply, prepared once: the reply's shape is the contract's (checked by the API tests). */
  searchReply(query: SearchQuery): PreparedReply {
    const key = JSON.stringify([query.q, query.translation ?? '', query.book ?? '', query.testament ?? '', query.limit, query.offset]);
    let reply = this.replies.get(key);
    if (!reply) this.replies.set(key, (reply = prepareReply(JSON.stringify(this.search(query)), SEARCH_CACHE, 'quick')));
    return reply;
  }

  /** Built on first use and kept; `warm` builds them ahead so the first search is not the slow one. */
  index(translation: LoadedTranslation): SearchIndex {
    let index = this.indexes.get(translation.code);
    if (!index) this.indexes.set(translation.code, (index = new SearchIndex(translation)));
    return index;
  }

  search(query: SearchQuery): SearchResponse {
    const translation = this.bible.translation(query.translation);
    const book = query.book ? resolveBook(query.book) : undefined;
    if (query.book && !book) throw new Invalid(`Book '${query.book}' not found.`);

    const parts = parseQuery(query.q);
    const index = this.index(translation);
    const result = index.search(
      parts,
      (doc) => (!book || doc.book === book) && (!query.testament || doc.book.testament === query.testament),
      query.offset + query.limit,
    );
    const results = result.hits.slice(query.offset).map(({ doc }) => {
      const d = index.docs[doc]!;
      return {
        verseId: verseId(d.book, d.chapter, d.verse),
        reference: formatVerseReference(d.book, d.chapter, d.verse),
        book: d.book.name,
        chapter: d.chapter,
        verse: d.verse,
        text: d.text,
        matches: matchOffsets(d.text, parts),
      };
    });
    return {
      query: query.q,
      translation: translation.code,
      total: result.total,
      limit: query.limit,
      offset: query.offset,
      match: result.match,
      passage: query.offset === 0 ? this.passage(translation, query.q) : null,
      results,
    };
  }

  private passage(translation: LoadedTranslation, q: string): SearchResponse['passage'] {
    const range = parseReference(q);
    if (!range) return null;
    const verses = this.bible
      .passageVerses(translation, range, MAX_PASSAGE_VERSES)
      .map(({ verseId, reference, verse, verseNum, text }) => ({ verseId, reference, verse, verseNum, text }));
    if (verses.length === 0) return null;
    return {
      reference: formatReference(range),
      book: range.book.name,
      chapter: range.chapter,
      verse: range.verse ?? null,
      verses,
    };
  }
}
