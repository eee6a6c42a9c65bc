import { PROTESTANT_CANON, type CanonBook } from '#common/scripture/canon.ts';
import { nextChapter, previousChapter } from '#common/scripture/navigation.ts';
import { formatReference, parseReference, resolveBook, type PassageRange } from '#common/scripture/reference.ts';
import { z } from 'zod';
import {
  bookEntry,
  chapterContent,
  type DownloadSize,
  offlineBook,
  type OfflineBook,
  translationGroup,
  translationSummary,
  type BookEntry,
  type ChapterContent,
  type TranslationSummary,
  type VerseItem,
} from '#common/contracts/bible.ts';
import { verseId, formatVerseReference } from '#common/scripture/verse-id.ts';
import { offlineVerses } from '#common/scripture/offline-book.ts';
import { Busy, Invalid, NotFound } from '../../lib/errors.ts';
import type { BibleStore, LoadedBook, LoadedChapter, LoadedTranslation } from '../../scripture/store/bible-store.ts';
import { preparedBytes, preparedSizes, prepareBody, prepareBodyOffThread, type PreparedBody } from '../../lib/prepared-body.ts';
import { LRUCache } from 'lru-cache';
import type { LicensedTranslation } from '../../scripture/licensed/licensed-catalogue.ts';
import { presentBook } from './book-entry.ts';
import type { ChapterResult, LicensedReads } from './licensed-reads.ts';

/** A body checked against its contract once, then kept serialised. */
const prepared = <T>(schema: z.ZodType<T>, value: T) => prepareBody(JSON.stringify(schema.parse(value)));

export interface ChapterShape {
  book: CanonBook;
  fewestVerses: number;
  lastVerse: number;
}

/**
 * Rules of the spec's Bible API (§7) over the store. Routes (and http/bible-reads.ts, the fast path)
 * only map HTTP to these. The public reads are prepared bodies, kept here (by the store's objects, so
 * they go when a translation does; chapters within BIBLE_MEMORY_MB's share): after the first read, a
 * chapter costs a lookup.
 */
export class BibleService {
  /** Chapters read lately, prepared; the least recently read give their bytes back past the budget's share. */
  private readonly chapterBodies: LRUCache<LoadedChapter, PreparedBody>;
  private readonly bookBodies = new WeakMap<LoadedTranslation, PreparedBody>();
  /** Each translation's download size, measured once (shared by requests that ask meanwhile). */
  private readonly downloadSizes = new WeakMap<LoadedTranslation, Promise<DownloadSize>>();
  private compressing: Promise<unknown> = Promise.resolve();
  private listBodies?: { all: PreparedBody; grouped: PreparedBody };
  private canonBody?: PreparedBody;
  /** Chapter shapes across the local translations, by book order and chapter. */
  private readonly shapes = new Map<string, ChapterShape | null>();

  constructor(
    private readonly store: BibleStore,
    /** The licensed catalogue's reads, when API_BIBLE_KEY is set. */
    readonly licensed?: LicensedReads,
  ) {
    this.chapterBodies = new LRUCache({ maxSize: store.budget.preparedChapters, sizeCalculation: preparedBytes });
    this.onChange(() => {
      this.listBodies = undefined;
      this.shapes.clear();
    });
  }

  /** Calls `listener` whenever the translations change (local ones installed or removed, the licensed list). */
  onChange(listener: () => void): void {
    this.store.onChange(() => listener());
    this.licensed?.catalogue.onChange(listener);
  }

  translation(code: string | undefined): LoadedTranslation {
    const wanted = code?.trim() || this.store.defaultCode;
    const found = wanted ? this.store.get(wanted) : undefined;
    if (found) return found;
    // Requests that name it wait for it (arriving-translations.routes.ts); this is for what reads one unnamed.
    if (wanted && this.store.isArriving(wanted)) throw new Busy(`Translation '${wanted}' is still being copied to this server. Try again in a moment.`);
    throw new NotFound(wanted ? `Translation '${wanted}' not found.` : 'No Bible translation is installed yet.');
  }

  hasTranslation(code: string): boolean {
    return this.store.get(code) !== undefined || this.store.isArriving(code) || this.licensed?.get(code) !== undefined;
  }

  /** The local translations, KJV first. */
  localTranslations(): LoadedTranslation[] {
    return this.store.list();
  }

  /** Whether the code names a licensed translation (read through the provider, never stored whole). */
  isLicensed(code: string): boolean {
    return this.licensedTranslation(code) !== undefined;
  }

  /** The licensed translation a code names, unless a local one has that code. */
  licensedTranslation(code: string | undefined): LicensedTranslation | undefined {
    return code && !this.store.get(code) && !this.store.isArriving(code) ? this.licensed?.get(code) : undefined;
  }

  book(name: string): CanonBook {
    const book = resolveBook(name);
    if (!book) throw new NotFound(`Book '${name}' not found.`);
    return book;
  }

  /**
   * How a chapter is numbered across the translations stored here: the fewest verses any of them
   * has and the highest verse number any uses (versifications differ). Undefined when no stored
   * translation has the chapter.
   */
  chapterShape(bookName: string, chapter: number): ChapterShape | undefined {
    const book = resolveBook(bookName);
    if (!book) return undefined;
    const key = `${book.order}:${chapter}`;
    let shape = this.shapes.get(key);
    if (shape === undefined) {
      shape = null;
      for (const t of this.store.list()) {
        const found = t.book(book)?.chapter(chapter);
        if (!found || found.verseNumbers.length === 0) continue;
        const last = Math.max(...found.verseNumbers);
        shape = shape
          ? { book, fewestVerses: Math.min(shape.fewestVerses, found.verseNumbers.length), lastVerse: Math.max(shape.lastVerse, last) }
          : { book, fewestVerses: found.verseNumbers.length, lastVerse: last };
      }
      this.shapes.set(key, shape);
    }
    return shape ?? undefined;
  }

  /** Spec §7 books: the 66 books of the canon with their chapters (KJV versification). */
  canonBooks(): BookEntry[] {
    return PROTESTANT_CANON.map((b) => ({
      id: b.usfm,
      name: b.name,
      nameLong: b.name,
      englishName: b.name,
      chapters: Array.from({ length: b.chapters }, (_, i) => i + 1),
      osis: b.osis,
      testament: b.testament,
      deuterocanonical: b.deuterocanonical,
    }));
  }

  availableBooks(code: string): BookEntry[] {
    return this.translation(code).books.map(presentBook);
  }

  preparedCanonBooks(): PreparedBody {
    return (this.canonBody ??= prepared(z.array(bookEntry), this.canonBooks()));
  }

  /** The books of a local or licensed translation. */
  async availableBooksFor(code: string): Promise<PreparedBody> {
    const licensed = this.licensedTranslation(code);
    return licensed ? this.licensed!.preparedAvailableBooks(licensed) : this.preparedAvailableBooks(code);
  }

  /** The books of a local translation. */
  preparedAvailableBooks(code: string): PreparedBody {
    const t = this.translation(code);
    let body = this.bookBodies.get(t);
    if (!body) this.bookBodies.set(t, (body = prepared(z.array(bookEntry), t.books.map(presentBook))));
    return body;
  }

  /** The translation lists, prepared again only when the installed translations change. */
  preparedTranslationLists(): { all: PreparedBody; grouped: PreparedBody } {
    return (this.listBodies ??= {
      all: prepared(z.array(translationSummary), this.translations()),
      grouped: prepared(z.array(translationGroup), this.groupedTranslations()),
    });
  }

  /** Local translations (KJV first), then the licensed ones by language. */
  translations(): TranslationSummary[] {
    return [...this.store.summaries(), ...(this.licensed?.summaries() ?? [])];
  }

  groupedTranslations(): { languageName: string; language: string; translations: TranslationSummary[] }[] {
    const groups = new Map<string, { languageName: string; language: string; translations: TranslationSummary[] }>();
    for (const t of this.translations()) {
      const group = groups.get(t.languageName) ?? { languageName: t.languageName, language: t.language, translations: [] };
      group.translations.push(t);
      groups.set(t.languageName, group);
    }
    // The default translation's language first, the rest alphabetically.
    const first = this.store.list()[0]?.summary.languageName;
    return [...groups.values()].sort(
      (a, b) => Number(b.languageName === first) - Number(a.languageName === first) || a.languageName.localeCompare(b.languageName),
    );
  }

  /** Translations that contain the verse a reference starts at. */
  translationsWith(reference: string): TranslationSummary[] {
    const range = this.reference(reference);
    return this.store.containing(range.book, range.chapter, range.verse).map((t) => t.summary);
  }

  async firstAvailableIn(code: string): Promise<{ book: string; chapter: number }> {
    const licensed = this.licensedTranslation(code);
    return licensed ? this.licensed!.firstAvailable(licensed) : this.firstAvailable(code);
  }

  firstAvailable(code: string): { book: string; chapter: number } {
    const t = this.translation(code);
    const book = t.books[0];
    if (!book) throw new NotFound(`The ${t.code} translation has no books.`);
    return { book: book.canon.name, chapter: book.chapterNumbers[0]! };
  }

  reference(text: string): PassageRange {
    const range = parseReference(text);
    if (!range) throw new Invalid(`'${text}' is not a Bible reference. Try one like "John 3:16".`);
    return range;
  }

  /** A local translation's chapter, prepared (the default translation's without a code); undefined when the translation lacks it. */
  preparedChapter(code: string | undefined, bookName: string, chapterNumber: number): PreparedBody | undefined {
    const result = this.chapter(code, bookName, chapterNumber);
    return 'prepared' in result ? result.prepared : undefined;
  }

  /** A licensed chapter already prepared and still within its keeping time (reported as shown); undefined otherwise. */
  preparedLicensedChapter(code: string, bookName: string, chapterNumber: number): PreparedBody | undefined {
    const book = resolveBook(bookName);
    return (book && this.licensed?.preparedChapter(code, book, chapterNumber)) || undefined;
  }

  /** Chapter content of a local or licensed translation. */
  async chapterIn(code: string | undefined, bookName: string, chapterNumber: number): Promise<ChapterResult> {
    const licensed = this.licensedTranslation(code);
    if (licensed) return this.licensed!.chapter(licensed, this.book(bookName), chapterNumber);
    const result = this.chapter(code, bookName, chapterNumber);
    // A local translation lacks the chapter: the licensed texts the spec suggests are offered too.
    if ('payload' in result && result.payload.redirect && this.licensed) {
      const more = await this.licensed.suggestionsFor(this.book(bookName), chapterNumber);
      result.payload.availableIn = [...(result.payload.availableIn ?? []), ...more];
    }
    return result;
  }

  /**
   * Chapter content. A chapter the translation lacks (but the canon has) is not an HTTP error: the reply
   * says so in the spec's §8 words, with where to go instead, so the reader can offer it.
   */

  chapter(code: string | undefined, bookName: string, chapterNumber: number): ChapterResult {
    const t = this.translation(code);
    const canon = this.book(bookName);
    const limit = t.book(canon)?.chapterNumbers.at(-1) ?? canon.chapters;
    if (chapterNumber > Math.max(limit, canon.chapters)) {
      throw new NotFound(`${canon.name} has ${Math.max(limit, canon.chapters)} chapters; there is no chapter ${chapterNumber}.`);
    }
    const book = t.book(canon);
    const chapter = book?.chapter(chapterNumber);
    // The hot path: a chapter read before is one lookup, nothing built.
    const cached = chapter && this.chapterBodies.get(chapter);
    if (cached) return { prepared: cached };
    if (!book || !chapter) {
      const base = chapterBase(t, canon, chapterNumber);
      const first = t.books[0];
      return {
        payload: {
          ...base,
          redirect: true,
          error: true,
          message: `${canon.name} ${chapterNumber} is not available in the ${t.code} translation. Please try a different book or translation.`,
          verses: [],
          firstAvailable: first ? { book: first.canon.name, chapter: first.chapterNumbers[0]! } : undefined,
          availableIn: this.store.containing(canon, chapterNumber).map((x) => ({ code: x.code, name: x.summary.name })),
        },
      };
    }
    const body = prepareBody(this.chapterJson(t, canon, chapter));
    this.chapterBodies.set(chapter, body);
    return { prepared: body };
  }

  /** A chapter's content as its prepared bytes carry it, checked against the contract. */
  private chapterJson(t: LoadedTranslation, canon: CanonBook, chapter: LoadedChapter): string {
    const content: ChapterContent = { ...chapterBase(t, canon, chapter.number), redirect: false, verses: chapter.verses() };
    return JSON.stringify(chapterContent.parse(content));
  }

  /**
   * A book of a local translation as "Download for offline" moves and keeps it (contract `offlineBook`),
   * made when asked and compressed off the event loop: a download asks for each book once, so nothing is kept.
   */
  async offlineBook(code: string, bookName: string): Promise<PreparedBody> {
    const t = this.downloadable(code);
    const canon = this.book(bookName);
    const book = t.book(canon);
    if (!book) throw new NotFound(`The ${t.code} translation has no book ${canon.name}.`);
    return prepareBodyOffThread(this.offlineBookJson(t, book));
  }

  /**
   * What downloading a local translation for offline reading moves and keeps: the book list and every
   * book (offlineBook), measured once per translation, byte for byte, with each book compressed on
   * libuv's threads one after another, so other requests go on meanwhile.
   */
  downloadSize(code: string): Promise<DownloadSize> {
    const t = this.downloadable(code);
    let size = this.downloadSizes.get(t);
    if (!size) {
      size = this.measureDownload(t);
      this.downloadSizes.set(t, size);
      size.catch(() => this.downloadSizes.delete(t));
    }
    return size;
  }

  private downloadable(code: string): LoadedTranslation {
    if (this.licensedTranslation(code)) throw new NotFound(`The ${code} translation cannot be downloaded: its licence allows reading it online only.`);
    return this.translation(code);
  }

  /** Runs one compression after another, whichever translation asked: a small text waits for one book of a large one, not for all of it. */
  private oneAtATime<T>(job: () => Promise<T>): Promise<T> {
    const run = this.compressing.then(job);
    this.compressing = run.catch(() => undefined);
    return run;
  }

  private async measureDownload(t: LoadedTranslation): Promise<DownloadSize> {
    const books = this.preparedAvailableBooks(t.code);
    const size = { translation: t.code, chapters: 0, downloadBytes: books.br.length, storedBytes: books.identity.length };
    for (const book of t.books) {
      const { identity, br } = await this.oneAtATime(() => preparedSizes(this.offlineBookJson(t, book)));
      size.chapters += book.chapters.length;
      size.downloadBytes += br;
      size.storedBytes += identity;
    }
    return size;
  }

  private offlineBookJson(t: LoadedTranslation, book: LoadedBook): string {
    const record: OfflineBook = {
      format: 1,
      translation: { code: t.code, name: t.summary.name, direction: t.summary.direction, copyright: t.summary.licence },
      book: book.canon.name,
      chapters: book.chapters.map((chapter) => ({ chapter: chapter.number, verses: offlineVerses(chapter.verses()) })),
    };
    return JSON.stringify(offlineBook.parse(record));
  }

  /** Verses of a passage in one translation, in order; a chapter-only range means the whole chapter. */
  passageVerses(
    t: LoadedTranslation,
    range: PassageRange,
    max = 200,
  ): { verseId: string; reference: string; verse: number; verseNum: number; text: string; chapter: number }[] {
    const book = t.book(range.book);
    if (!book) return [];
    const out: { verseId: string; reference: string; verse: number; verseNum: number; text: string; chapter: number }[] = [];
    for (const chapter of book.chapters) {
      if (chapter.number < range.chapter || chapter.number > range.endChapter) continue;
      chapter.verseNumbers.forEach((v, i) => {
        if (out.length >= max || !inRange(range, chapter.number, v)) return;
        out.push({
          verseId: verseId(range.book, chapter.number, v),
          reference: formatVerseReference(range.book, chapter.number, v),
          verse: v,
          verseNum: v,
          text: chapter.texts[i]!,
          chapter: chapter.number,
        });
      });
    }
    return out;
  }

  /**
   * Spec §7 compare: the passage's text in each requested translation (1 to 8). A licensed text that
   * cannot be had just now is "not available", like a passage a translation lacks.
   */
  async compare(
    reference: string,
    codes: readonly string[],
  ): Promise<{ translation: string; name: string; text: string; reference: string; available: boolean }[]> {
    const range = this.reference(reference);
    const label = formatReference(range);
    const unique = [...new Set(codes.map((c) => c.trim().toUpperCase()))];
    return Promise.all(
      unique.map(async (code) => {
        const licensed = this.licensedTranslation(code);
        if (licensed) {
          const text = (await this.licensedPassageVerses(licensed, range)).map((v) => v.text).join(' ');
          return { translation: licensed.code, name: licensed.name, text, reference: label, available: text !== '' };
        }
        const t = this.translation(code);
        const text = this.passageVerses(t, range)
          .map((v) => v.text)
          .join(' ');
        return { translation: t.code, name: t.summary.name, text, reference: label, available: text !== '' };
      }),
    );
  }

  /**
   * A passage's verses in a licensed translation; a chapter-only range means the whole chapter. At most
   * 3 chapters are fetched for one passage (the terms forbid pulling a text in bulk).
   */
  async licensedPassageVerses(t: LicensedTranslation, range: PassageRange, max = 200): Promise<VerseItem[]> {
    const out: VerseItem[] = [];
    for (let chapter = range.chapter; chapter <= Math.min(range.endChapter, range.chapter + 2); chapter++) {
      for (const v of await this.licensed!.chapterVerses(t, range.book, chapter)) {
        if (out.length < max && inRange(range, chapter, v.verse)) out.push(v);
      }
    }
    return out;
  }
}

/** What every chapter reply says of where it stands, whether the translation has the chapter or not. */
function chapterBase(t: LoadedTranslation, canon: CanonBook, chapter: number) {
  return {
    translation: t.code,
    translationName: t.summary.name,
    direction: t.summary.direction,
    book: canon.name,
    bookId: canon.usfm,
    chapter,
    reference: `${canon.name} ${chapter}`,
    previous: previousChapter({ book: canon.name, chapter }, t.navigation),
    next: nextChapter({ book: canon.name, chapter }, t.navigation),
    copyright: t.summary.licence,
  };
}

/** Whether a verse of a chapter within the range's chapters is within its verses. */
function inRange(range: PassageRange, chapter: number, verse: number): boolean {
  if (range.verse !== undefined && chapter === range.chapter && verse < range.verse) return false;
  return !(range.endVerse !== undefined && chapter === range.endChapter && verse > range.endVerse);
}
