import type { ChapterContent, SearchRequest, SearchResponse } from '#common/contracts/bible.ts';
import { findBookExact } from '#common/scripture/canon.ts';
import { parseQuery } from '#common/scripture/search/parse-query.ts';
import { SearchIndex, type IndexedVerse } from '#common/scripture/search/search-index.ts';
import { wordMatches } from '#common/scripture/search/word-matches.ts';
import { SpellingVocabulary, suggestQuery } from '#common/scripture/spelling.ts';

/**
 * A translation downloaded to this device, searched without a network (issue 18 §3) as the server
 * searches it: the same index, reading of the query, word forms and stop words of its language
 * (common/scripture/search), so the same words find the same verses, in the same order, marked alike.
 * Online only: the passage a reference names and the verses that speak to the words' meaning (they
 * need the reference parser and the other translations, which the device does not have).
 */
export class DownloadedText {
  private readonly index: SearchIndex;
  /** The text's words for "Did you mean …?": built the first time a word is not among them. */
  private spelling?: SpellingVocabulary;

  constructor(
    readonly code: string,
    readonly language: string | undefined,
    chapters: readonly ChapterContent[],
  ) {
    this.index = new SearchIndex(versesOf(chapters), language);
  }

  search(params: SearchRequest): SearchResponse {
    const limit = Number(params.limit ?? 20);
    const offset = Number(params.offset ?? 0);
    const book = params.book ? findBookExact(params.book) : undefined;
    // A book this text lacks holds no verses (the search page offers only the text's own books).
    const parts = params.book && !book ? [] : parseQuery(params.q, this.language);
    const found = wordMatches(this.index, parts, { book, testament: params.testament }, { offset, limit });
    const suggestion =
      offset > 0
        ? undefined
        : suggestQuery(
            params.q,
            (term) => this.index.has(term),
            (term) => this.vocabulary().suggest(term),
          );
    return { ...(suggestion && { suggestion }), query: params.q, translation: this.code, limit, offset, passage: null, ...found };
  }

  private vocabulary(): SpellingVocabulary {
    if (!this.spelling) {
      this.spelling = new SpellingVocabulary();
      for (const doc of this.index.docs) this.spelling.add(doc.text);
    }
    return this.spelling;
  }
}

/** The chapters' verses in canonical order, as the server's index reads them (doc order breaks ties in ranking). */
function* versesOf(chapters: readonly ChapterContent[]): Generator<IndexedVerse> {
  const placed = chapters.flatMap((c) => {
    const book = findBookExact(c.book);
    return book ? [{ book, chapter: c }] : [];
  });
  placed.sort((a, b) => a.book.order - b.book.order || a.chapter.chapter - b.chapter.chapter);
  for (const { book, chapter } of placed) {
    for (const v of chapter.verses) yield { book, chapter: chapter.chapter, verse: v.verse, text: v.text };
  }
}
