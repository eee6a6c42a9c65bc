import { basename } from 'node:path';
import { TRANSLATION_CATEGORIES, type TranslationCategory, type TranslationMeta } from '../types.ts';

/** The formats `importBibleFile` understands. */
export type BibleFileFormat = 'usfm' | 'osis' | 'zefania';

/**
 * What the admin can say on the command line (`--code --name --language --category --licence`).
 * Everything is optional: values found in the file are used, then sensible defaults.
 */
export interface FileImportOptions {
  /** Short code, e.g. "KJV". Cleaned to upper-case letters and digits. */
  code?: string;
  name?: string;
  /** BCP 47 tag ("en", "es-419"); an ISO 639-2 code ("eng") or English name ("Spanish") is accepted too. */
  language?: string;
  /** One of TRANSLATION_CATEGORIES, case and spacing ignored ("word-for-word"). */
  category?: string;
  licence?: string;
  /** Skip detection and read the path as this format. */
  format?: BibleFileFormat;
  /**
   * Zefania only: read the Online Bible bracket conventions ([supplied words], <titles>).
   * Undefined means "when the file says it was made by the OLB converter".
   */
  olbBrackets?: boolean;
  /** Told about things that did not stop the import (skipped books, merged verses, defaults taken). */
  warn?: (message: string) => void;
}

/** Metadata a file carries about itself; any of it may be missing. */
export interface SourceMeta {
  code?: string;
  name?: string;
  language?: string;
  licence?: string;
}

const FORMAT_WORDS = new Set(['usfm', 'sfm', 'osis', 'xml', 'zefania', 'zef', 'sf', 'text', 'bible']);

/**
 * A translation code from a file or directory name: "eng-web_usfm" → "ENGWEB", "kjv.osis.xml" → "KJV".
 * Words that only name the format are dropped because they say nothing about the translation.
 */
export function codeFromPath(path: string): string {
  const parts = basename(path)
    .replace(/\.[A-Za-z]{2,5}$/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '' && !FORMAT_WORDS.has(part.toLowerCase()));
  return cleanCode(parts.join(''));
}

export function cleanCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Accepts "word-for-word", "Thought for thought", "international"; throws with the valid list otherwise. */
export function parseCategory(input: string): TranslationCategory {
  const key = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  const found = TRANSLATION_CATEGORIES.find((c) => key(c) === key(input));
  if (!found) throw new RangeError(`unknown category "${input}"; use one of: ${TRANSLATION_CATEGORIES.join(', ')}`);
  return found;
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * A BCP 47 tag from what a file or person wrote: "en", "ENG", "en_US", "English".
 * Undefined when it cannot be understood.
 */
export function normalizeLanguage(raw: string | undefined): string | undefined {
  const value = raw?.trim().replace(/_/g, '-');
  if (!value) return undefined;
  // Five or more letters parse as a (reserved) language subtag, but in practice they are names like "German".
  if (!/^[a-z]{5,}$/i.test(value)) {
    try {
      const [tag] = Intl.getCanonicalLocales(value);
      if (tag && displayNames.of(tag.split('-')[0]!)) return tag;
    } catch {
      // not a tag; try it as a language name below
    }
  }
  return languageByName(value);
}

let namesToCodes: Map<string, string> | undefined;

function languageByName(name: string): string | undefined {
  if (!namesToCodes) {
    namesToCodes = new Map();
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (const a of letters) {
      for (const b of letters) {
        const english = displayNames.of(a + b);
        if (english) namesToCodes.set(english.toLowerCase(), a + b);
      }
    }
  }
  return namesToCodes.get(name.toLowerCase());
}

export function languageName(tag: string): string {
  return displayNames.of(tag.split('-')[0]!) ?? tag;
}

export function textDirection(tag: string): 'ltr' | 'rtl' {
  try {
    const locale = new Intl.Locale(tag) as Intl.Locale & {
      textInfo?: { direction?: string };
      getTextInfo?: () => { direction?: string };
    };
    // Node 20 has the `textInfo` getter; newer engines renamed it to getTextInfo().
    const info = locale.getTextInfo?.() ?? locale.textInfo;
    return info?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/** Combines the caller's options, what the file says and defaults, in that order of precedence. */
export function resolveMeta(path: string, source: SourceMeta, options: FileImportOptions): TranslationMeta {
  const warn = options.warn ?? (() => {});
  const code = cleanCode(options.code ?? '') || cleanCode(source.code ?? '') || codeFromPath(path) || 'BIBLE';

  let language = normalizeLanguage(options.language);
  if (options.language && !language) throw new RangeError(`unknown language "${options.language}"`);
  language ??= normalizeLanguage(source.language);
  if (!language) {
    language = 'en';
    const ignored = source.language ? ` ("${source.language}" not understood)` : '';
    warn(`no language given${ignored}; assuming English (use --language)`);
  }

  let category: TranslationCategory;
  if (options.category) category = parseCategory(options.category);
  else {
    // Translations in other languages are grouped as "International" in the spec's categories.
    category = language.split('-')[0] === 'en' ? 'Word-for-Word' : 'International';
    warn(`no category given; using "${category}" (use --category)`);
  }

  const licence = options.licence?.trim() || source.licence?.trim() || '';
  if (!licence) warn('no licence given; recorded as "Unknown" (use --licence)');

  return {
    code,
    name: options.name?.trim() || source.name?.trim() || code,
    language,
    languageName: languageName(language),
    category,
    licence: licence || 'Unknown',
    source: `file:${basename(path)}`,
    direction: textDirection(language),
  };
}
