import { deflateRawSync } from 'node:zlib';
import { type CanonBook, bookByOsis } from '#common/scripture/canon.ts';
import { DEFAULT_TRANSLATION, TRANSLATION_FEATURES } from '#common/scripture/categories.ts';
import type { NavigableBook } from '#common/scripture/navigation.ts';
import type { TranslationSummary, VerseItem } from '#common/contracts/bible.ts';
import { decodeTranslationText, inflateChapter, type PackHeader } from './translation-text.ts';
import type { TranslationRow } from './translation.repository.ts';
import { describeEdition } from './edition-description.ts';
import { IMPORT_BUDGET, type MemoryBudget } from './memory-budget.ts';
import { TextMemory } from './pack-body.ts';

const NO_VERSES = deflateRawSync('[]');

/** Where a translation's chapters and plain texts are read from: its pack file (pack-body.ts) or memory. */
export interface TranslationBody {
  /** The compressed verse items of a chapter, by its place in reading order. */
  chapter(index: number): Buffer;
  /** Every chapter's plain verse texts, in reading order (read whole when not held). */
  texts(): readonly (readonly string[])[];
  /** The same, only if held in memory now. */
  heldTexts(): readonly (readonly string[])[] | undefined;
}

/** A body held whole in memory: a text being checked before it is stored, a licensed text's fetched chapters. */
export class MemoryBody implements TranslationBody {
  constructor(
    private readonly compressed: readonly Buffer[],
    private readonly plain: readonly (readonly string[])[],
  ) {}

  chapter(index: number): Buffer {
    return this.compressed[index]!;
  }

  texts(): readonly (readonly string[])[] {
    return this.plain;
  }

  heldTexts(): readonly (readonly string[])[] {
    return this.plain;
  }
}

export class LoadedChapter {
  /** A chapter made from its verse items (a licensed text's, fetched), not read from a stored pack. */
  static of(number: number, items: readonly VerseItem[]): LoadedChapter {
    const body = new MemoryBody([items.length ? deflateRawSync(JSON.stringify(items)) : NO_VERSES], [items.map((v) => v.text)]);
    return new LoadedChapter(
      number,
      items.map((v) => v.verse),
      body,
      0,
    );
  }

  constructor(
    readonly number: number,
    readonly verseNumbers: readonly number[],
    private readonly body: TranslationBody,
    /** This chapter's place in its translation's reading order (its texts' place in `TranslationBody.texts()`). */
    readonly index: number,
  ) {}

  /**
   * The plain texts of the verses, in the order of `verseNumbers`: from the translation's texts when
   * they are held, else from this chapter alone (a passage quoted from a text nobody searched costs
   * one small inflate, not the whole text's).
   */
  get texts(): readonly string[] {
    return this.body.heldTexts()?.[this.index] ?? this.verses().map((v) => v.text);
  }

  hasVerse(verse: number): boolean {
    return this.verseNumbers.includes(verse);
  }

  textOf(verse: number): string | undefined {
    const i = this.verseNumbers.indexOf(verse);
    return i < 0 ? undefined : this.texts[i];
  }

  /** The chapter's verse items, deflated: see translation-text.ts. */
  get compressed(): Buffer {
    return this.body.chapter(this.index);
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

/** What is learnt of a translation by reading some of it, kept beside its pack so a start reads none of it. */
export interface TranslationFacts {
  redLetters: boolean;
}

/** What a translation is, as stored with it. */
export type TranslationIdentity = Pick<TranslationRow, 'code' | 'name' | 'language' | 'languageName' | 'category' | 'direction' | 'licence'>;

export class LoadedTranslation {
  readonly summary: TranslationSummary;
  readonly books: readonly LoadedBook[];
  readonly navigation: readonly NavigableBook[];
  private readonly byOsis: Map<string, LoadedBook>;

  private readonly body?: TranslationBody;

  /**
   * `summary` is given for a view of a text that is not stored here (a licensed one's chapters); `body`
   * is where a stored text's chapters are read from (translationOf), `facts` what is known of it already.
   */
  constructor(
    readonly row: TranslationIdentity,
    books: LoadedBook[],
    { summary, facts, body }: { summary?: TranslationSummary; facts?: TranslationFacts; body?: TranslationBody } = {},
  ) {
    this.body = body;
    this.summary = summary ?? summaryOf(row);
    this.books = books.sort((a, b) => a.canon.order - b.canon.order);
    this.byOsis = new Map(books.map((b) => [b.canon.osis, b]));
    if (!summary) this.summary.redLetters = facts?.redLetters ?? this.marksWordsOfJesus();
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
  marksWordsOfJesus(): boolean {
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

  /** Every chapter's plain texts (by `LoadedChapter.index`), read whole and held: for what reads the whole text. */
  allTexts(): readonly (readonly string[])[] | undefined {
    return this.body?.texts();
  }

  /** Every verse of the text in reading order, for what reads it whole (a search index): its texts are read and held once. */
  *everyVerse(): Generator<{ book: LoadedBook; chapter: LoadedChapter; verse: number; text: string }> {
    const texts = this.allTexts();
    for (const book of this.books) {
      for (const chapter of book.chapters) {
        const chapterTexts = texts?.[chapter.index] ?? chapter.texts;
        for (const [i, verse] of chapter.verseNumbers.entries()) yield { book, chapter, verse, text: chapterTexts[i]! };
      }
    }
  }
}

/** How a stored translation is listed, from what is stored with it. */
export function summaryOf(row: TranslationIdentity): TranslationSummary {
  return {
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
}

/** KJV first (the spec's default), then by language name and code. */
function listOrder(a: TranslationSummary, b: TranslationSummary): number {
  return (
    Number(b.code === DEFAULT_TRANSLATION) - Number(a.code === DEFAULT_TRANSLATION) ||
    a.languageName.localeCompare(b.languageName) ||
    a.code.localeCompare(b.code)
  );
}

/**
 * A translation stored in the database whose pack this process is still copying (a new process on an
 * empty data folder copies them after it starts listening): listed already, and `ready` brings it in.
 */
export interface ArrivingTranslation {
  summary: TranslationSummary;
  /** Copies the pack now if it waits in line, and settles once the translation is in the store (or failed to arrive). */
  ready(): Promise<void>;
}

/** `[1, 2, … n]`, one array for every chapter numbered so in every translation. */
const firstVerses: (readonly number[])[] = [];

/**
 * A chapter's verse numbers, shared when they are simply 1 to n (most chapters of most texts): a site with
 * hundreds of translations then holds each such list once, not once per translation.
 */
function sharedVerseNumbers(verses: readonly number[]): readonly number[] {
  if (!verses.every((v, i) => v === i + 1)) return verses;
  return (firstVerses[verses.length] ??= Object.freeze(verses.slice()));
}

/** Builds a translation whose chapters and texts are read through `body`, from its pack's header. */
export function translationOf(row: TranslationIdentity, header: PackHeader, body: TranslationBody, facts?: TranslationFacts): LoadedTranslation {
  const books: LoadedBook[] = [];
  let index = 0;
  for (const book of header.books) {
    const canon = bookByOsis(book.osis);
    const chapters = book.chapters.map((c) => new LoadedChapter(c.number, sharedVerseNumbers(c.verses), body, index++));
    if (canon) books.push(new LoadedBook(canon, book.name, book.nameLong, chapters));
  }
  return new LoadedTranslation(row, books, { facts, body });
}

/** A translation held whole in memory, from its pack (to check a pack before it is stored, or where no shelf is kept). */
export function loadTranslation(row: TranslationIdentity, pack: Buffer): LoadedTranslation {
  const decoded = decodeTranslationText(pack);
  const compressed = decoded.header.books.flatMap((b) => b.chapters.map((c) => decoded.chapter(c)));
  return translationOf(row, decoded.header, new MemoryBody(compressed, decoded.texts));
}

/**
 * Every translation, by code: the single source of Scripture text for the whole server. Each stays
 * listed with its books and verse numbers; its texts are read from its pack when asked (TextMemory).
 */
export class BibleStore {
  private readonly byCode = new Map<string, LoadedTranslation>();
  /** The plain texts of the translations read lately, within the budget's share. */
  readonly texts: TextMemory;

  constructor(readonly budget: MemoryBudget = IMPORT_BUDGET) {
    this.texts = new TextMemory(budget.texts);
  }
  private readonly listeners: ((code: string) => void)[] = [];
  /** Edition code → the translation it is an edition of (see sources.ts). */
  private editionOf: ReadonlyMap<string, string> = new Map();

  /** Translations still being copied to this process, by code (see ArrivingTranslation). */
  private readonly arriving = new Map<string, ArrivingTranslation>();

  put(translation: LoadedTranslation): void {
    this.arriving.delete(translation.code);
    this.byCode.set(translation.code, translation);
    this.describeEditions();
    for (const listener of this.listeners) listener(translation.code);
  }

  remove(code: string): void {
    this.arriving.delete(code);
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

  /** The translations in the store, KJV first (the spec's default), then by language name and code. */
  list(): LoadedTranslation[] {
    return [...this.byCode.values()].sort((a, b) => listOrder(a.summary, b.summary));
  }

  /** Lists a translation whose pack is on its way, until `put` brings it (or `remove` gives it up). */
  expect(code: string, arriving: ArrivingTranslation): void {
    this.arriving.set(code, arriving);
    for (const listener of this.listeners) listener(code);
  }

  /** Whether the code names a translation still on its way to this process. */
  isArriving(code: string): boolean {
    return this.arriving.has(code.trim().toUpperCase());
  }

  get arrivingCount(): number {
    return this.arriving.size;
  }

  /** Settles once the translation is here, if it is on its way; undefined when it is not. */
  arrival(code: string): Promise<void> | undefined {
    return this.arriving.get(code.trim().toUpperCase())?.ready();
  }

  /** Every local translation's summary, those on their way included, in list order. */
  summaries(): TranslationSummary[] {
    return [...this.byCode.values()]
      .map((t) => t.summary)
      .concat([...this.arriving.values()].map((a) => a.summary))
      .sort(listOrder);
  }

  get defaultCode(): string | undefined {
    return this.get(DEFAULT_TRANSLATION)?.code ?? this.list()[0]?.code;
  }

  /** Translations that have this verse (or chapter, when verse is omitted). */
  containing(book: CanonBook, chapter: number, verse?: number): LoadedTranslation[] {
    return this.list().filter((t) => {
      const c = t.book(book)?.chapter(chapter);
      return c !== undefined && (verse === undefined || c.hasVerse(verse));
    });
  }
}
