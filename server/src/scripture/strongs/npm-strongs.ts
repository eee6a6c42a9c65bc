import { createRequire } from 'node:module';
import type { StrongsEntry } from './strongs-entry.ts';

/** An entry as the `strongs` package has it (Open Scriptures' JSON of Strong's 1890 dictionaries). */
interface PackageEntry {
  lemma?: string;
  /** The Hebrew entries' transliteration; the Greek ones have none. */
  xlit?: string;
  pron?: string;
  derivation?: string;
  strongs_def?: string;
  kjv_def?: string;
}

/** Where the entries come from, as the word study names its lexicon. */
export const NPM_STRONGS_LEXICON = {
  module: 'strongs',
  name: "Strong's Hebrew and Greek Dictionaries (Open Scriptures)",
  licence: 'CC BY-SA (Open Scriptures), from public-domain sources',
};

let entries: Record<string, PackageEntry> | undefined;

/**
 * A Strong's number's entry ("G3439") from the `strongs` npm package: the word study's lexicon when no
 * SWORD dictionary is installed (issue 30 §3). Its 14,197 entries are read on first use (about 3 MB).
 */
export function npmStrongsEntry(number: string): StrongsEntry | undefined {
  entries ??= createRequire(import.meta.url)('strongs') as Record<string, PackageEntry>;
  const found = Object.hasOwn(entries, number) ? entries[number] : undefined;
  if (!found) return undefined;
  const text = (value: string | undefined) => value?.trim() || null;
  const kjv = text(found.kjv_def);
  return {
    word: text(found.lemma),
    transliteration: text(found.xlit),
    pronunciation: text(found.pron),
    definition: [text(found.derivation), text(found.strongs_def), kjv && `KJV: ${kjv}`].filter((p): p is string => p !== null),
  };
}
