import { LRUCache } from 'lru-cache';
import type { LoadedTranslation } from '../store/bible-store.ts';
import { WordCases } from './verse-names.ts';

// Keyed by the store's object: a translation re-imported or removed is a new object (or none), so its old
// counts go with it. The last few translations' are kept, however many are installed.
const cases = new LRUCache<LoadedTranslation, WordCases>({ max: 8 });

/** How the translation writes each word (see verse-names.ts), read from its verses' plain text on first use. */
export function wordCasesOf(translation: LoadedTranslation): WordCases {
  let found = cases.get(translation);
  if (!found) cases.set(translation, (found = new WordCases(textsOf(translation))));
  return found;
}

function* textsOf(translation: LoadedTranslation): Iterable<string> {
  for (const verse of translation.everyVerse()) yield verse.text;
}
