import { SearchIndex as VerseIndex } from '#common/scripture/search/search-index.ts';
import type { LoadedTranslation } from '../store/bible-store.ts';

export { matchOffsets, phraseMatches, top, type IndexHit, type IndexSearch, type RelatedWord } from '#common/scripture/search/search-index.ts';

/** A stored translation's index: the one the device builds for its offline search (common/), fed from the store. */
export class SearchIndex extends VerseIndex {
  constructor(translation: LoadedTranslation) {
    super(versesOf(translation), translation.row.language);
  }
}

function* versesOf(translation: LoadedTranslation) {
  for (const { book, chapter, verse, text } of translation.everyVerse()) yield { book: book.canon, chapter: chapter.number, verse, text };
}
