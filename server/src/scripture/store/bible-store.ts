import { deflateRawSync } from 'node:zlib';
import { type CanonBook, bookByOsis } from '#common/scripture/canon.ts';
import { DEFAULT_TRANSLATION, TRANSLATION_FEATURES } from '#common/scripture/categories.ts';
import type { NavigableBook } from '#common/scripture/navigation.ts';
import type { TranslationSummary, VerseItem } from '#common/contracts/bible.ts';
import { decodeTranslationText, inflateChapter } from './translation-text.ts';
import type { TranslationRow } from './translation.repository.ts';
import { describeEdition } from './edition-description.ts';

const NO_VERSES = deflateRawSync('[]');

export class LoadedChapter {
  /** A chapter made from its verse items (a licensed text's, fetched), not read from a stored pack. */
  static of(number: number, items: readonly VerseItem[]): LoadedChapter {
    return new LoadedChapter(
      number,
      items.map((v) => v.verse),
      items.map((v) => v.text),
      items.length ? deflateRawSync(JSON.stringify(items)) : NO_VERSES,
    );
  }

  constructor(
    readonly number: number,
    readonly verseNumbers: readonly number[],
    readonly texts: readonly string[],
    /** The chapter's verse items, deflated: see translation-text.ts. */
    readonly compressed: Buffer,
  ) {}

  textOf(verse: number): string | undefined {
    const i = this.verseNumbers.indexOf(verse);
    return i < 0 ? undefined : this.texts[i];
  }

  verses(): VerseItem[] {
    return inflateChapter(this.compressed);
  }
}

export class LoadedBook {
  readonly chapterNumbers: readonly number[];
  private readonly byNumber: Map<number, LoadedChapter>;

  constructor(
    readonly canon: CanonBook,
    readonly name: string,
    readonly nameLong: string,
    readonly chapters: readonly LoadedChapter[],
  ) {
    this.chapterNumbers = chapters.map((c) => c.number);
    this.byNumber = new Map(chapters.map((c) => [c.number, c]));
  }

  chapter(n: number): LoadedChapter | undefined {
    return this.byNumber.get(n);
  }
}

/** What a translation is, as stored with it. */
export type TranslationIdentity = Pick<TranslationRow, 'code' | 'name' | 'language' | 'languageName' | 'category' | 'direction' | 'licence'>;

export class LoadedTranslation {
  readonly summary: TranslationSummary;
  readonly books: readonly LoadedBook[];
  readonly navigation: readonly NavigableBook[];
  private readonly byOsis: Map<string, LoadedBook>;

  /** `summary` is given for a view of a text that is not stored here (a licensed one's chapters). */
  constructor(
    readonly row: TranslationIdentity,
    books: LoadedBook[],
    summary?: TranslationSummary,
  ) {
    this.summary = summary ?? {
      code: row.code,
      name: row.name,
      language: row.language,
      languageName: row.languageName,
      category: row.category as TranslationSummary['category'],
      direction: row.direction === 'rtl' ? 'rtl' : 'ltr',
      source: 'local',
      licence: row.licence,
      features: [...TRANSLATION_FEATURES],
    };
    this.books = books.sort((a, b) => a.canon.order - b.canon.order);
    this.byOsis = new Map(books.map((b) => [b.canon.osis, b]));
    if (!summary) this.summary.redLetters = this.marksWordsOfJesus();
    this.navigation = this.books.map((b) => ({ name: b.canon.name, chapters: b.chapterNumbers }));
  }

  get code(): string {
    return this.row.code;
  }

  /**
   * Jesus speaks within the first three chapters of every Gospel (Matthew 3:15, Mark 1:15, Luke 2:49,
   * John 1:38): a text that marks his words has them there, so a dozen chapters answer for the whole
   * text without reading all of it at every start. A partial text is asked of the chapters it has.
   */
  private marksWordsOfJesus(): boolean {
    const sample = ['Matt', 'Mark', 'Luke', 'John'].flatMap((osis) => this.byOsis.get(osis)?.chapters.slice(0, 3) ?? []);
    return sample.some((chapter) => chapter?.verses().some((v) => v.content.some((n) => n.type === 'text' && n.wordsOfJesus)));
  }

  book(canon: CanonBook): LoadedBook | undefined {
    return this.byOsis.get(canon.osis);
  }

  bookByOsis(osis: string): LoadedBook | undefined {
    return this.byOsis.get(osis);
  }

  /** What this edition has, in plain words (computed once, only for translations with editions). */
  get edition(): string {
    return (this.editionText ??= describeEdition(this));
  }
  private editionText?: string;

  verseText(canon: CanonBook, chapter: number, verse: number): string | undefined {
    return this.book(canon)?.chapter(chapter)?.textOf(verse);
  }
}

/** Builds the in-memory form of a translation from its stored pack. */
export function loadTranslation(row: TranslationRow, pack: Buffer): LoadedTranslation {
  const decoded = decodeTranslationText(pack);
  const books: LoadedBook[] = [];
  let textIndex = 0;
  for (const book of decoded.header.books) {
    const canon = bookByOsis(book.osis);
    const chapters = book.chapters.map((c) => new LoadedChapter(c.number, c.verses, decoded.texts[textIndex++]!, decoded.chapter(c)));
    if (canon) books.push(new LoadedBook(canon, book.name, book.nameLong, chapters));
  }
  return new LoadedTranslation(row, books);
}

/** Every loaded translation, by code. The single source of Scripture text for the whole server. */
export class BibleStore {
  private readonly byCode = new Map<string, LoadedTranslation>();
  private readonly listeners: ((code: string) => void)[] = [];
  /** Edition code → the translation it is an edition of (see sources.ts). */
  private editionOf: ReadonlyMap<string, string> = new Map();

  put(translation: LoadedTranslation): void {
    this.byCode.set(translation.code, translation);
    this.describeEditions();
    for (const listener of this.listeners) listener(translation.code);
  }

  remove(code: string): void {
    this.byCode.delete(code);
    this.describeEditions();
    for (const listener of this.listeners) listener(code);
  }

  /** Which translations are editions of which; summaries then say so, in both directions. */
  setEditions(editionOf: ReadonlyMap<string, string>): void {
    this.editionOf = editionOf;
    this.describeEditions();
    for (const code of this.byCode.keys()) for (const listener of this.listeners) listener(code);
  }

  /** Marks each edition whose translation is here, and describes every member of such a family. */
  private describeEditions(): void {
    const families = new Set<string>();
    for (const t of this.byCode.values()) {
      const family = this.editionOf.get(t.code);
      if (family && this.byCode.has(family)) {
        t.summary.editionOf = family;
        families.add(family);
      } else delete t.summary.editionOf;
    }
    for (const t of this.byCode.values()) {
      if (families.has(t.code) || t.summary.editionOf) t.summary.edition = t.edition;
      else delete t.summary.edition;
    }
  }

  /** Called when a translation is added, replaced or removed (caches keyed on it must drop it). */
  onChange(listener: (code: string) => void): void {
    this.listeners.push(listener);
  }

  get(code: string): LoadedTranslation | undefined {
    return this.byCode.get(code.trim().toUpperCase());
  }

  /** KJV first (the spec's default), then by language name and code. */
  list(): LoadedTranslation[] {
    return [...this.byCode.values()].sort(
      (a, b) =>
        Number(b.code === DEFAULT_TRANSLATION) - Number(a.code === DEFAULT_TRANSLATION) ||
        a.summary.languageName.localeCompare(b.summary.languageName) ||
        a.code.localeCompare(b.code),
    );
  }

  get defaultCode(): string | undefined {
    return this.get(DEFAULT_TRANSLATION)?.code ?? this.list()[0]?.code;
  }

  /** Translations that have this verse (or chapter, when verse is omitted). */
  containing(book: CanonBook, chapter: number, verse?: number): LoadedTranslation[] {
    return this.list().filter((t) => {
      const c = t.book(book)?.chapter(chapter);
      return c !== undefined && (verse === undefined || c.textOf(verse) !== undefined);
    });
  }
}
