import type { LoadedTranslation } from '../store/bible-store.ts';
import { WordCases } from './verse-names.ts';

// Keyed by the store's object: a translation re-imported or removed is a new object (or none), so its old counts go with it.
const cases = new WeakMap<LoadedTranslation, WordCases>();

/** How the translation writes each word (see verse-names.ts), read from its verses' plain text on first use. */
export function wordCasesOf(translation: LoadedTranslation): WordCases {
  let found = cases.get(translation);
  if (!found) cases.set(translation, (found = new WordCases(textsOf(translation))));
  return found;
}

function* textsOf(translation: LoadedTranslation): Iterable<string> {
  for (const book of translation.books) for (const chapter of book.chapters) yield* chapter.texts;
}
