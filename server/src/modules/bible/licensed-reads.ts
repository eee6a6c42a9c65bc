import type { CanonBook } from '#common/scripture/canon.ts';
import { LICENSED_FEATURES, UNAVAILABLE_SUGGESTIONS } from '#common/scripture/categories.ts';
import { nextChapter, previousChapter } from '#common/scripture/navigation.ts';
import { bookEntry, chapterContent, type ChapterContent, type TranslationSummary, type VerseItem } from '#common/contracts/bible.ts';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { ProviderFailure } from '../../scripture/licensed/api-bible-client.ts';
import type { LicensedBooks, LicensedCatalogue, LicensedTranslation } from '../../scripture/licensed/licensed-catalogue.ts';
import { prepareBody, type PreparedBody } from '../../lib/prepared-body.ts';
import { LoadedBook, LoadedChapter, LoadedTranslation } from '../../scripture/store/bible-store.ts';
import { NotFound } from '../../lib/errors.ts';
import { presentBook } from './book-entry.ts';

/** Chapters fetched to check one answer: more than any answer cites, few enough not to pull a text in bulk. */
const MAX_VIEW_CHAPTERS = 30;

/** A chapter's prepared body, or what a chapter that cannot be read now says instead (spec §8). */
export type ChapterResult = { prepared: PreparedBody } | { payload: ChapterContent };

/** A suggestion of where else to read a chapter when the licensed text cannot be had. */
export type LocalAlternatives = (book: CanonBook, chapter: number) => { code: string; name: string }[];

export function licensedSummary(t: LicensedTranslation): TranslationSummary {
  return {
    code: t.code,
    name: t.name,
    language: t.language,
    languageName: t.languageName,
    category: t.category,
    direction: t.direction,
    source: 'licensed',
    licence: t.copyright ?? 'Under copyright; served through API.Bible with its notice under every chapter.',
    features: [...LICENSED_FEATURES],
  };
}

/**
 * The Bible API's reads for licensed translations: the same replies a local translation gives, built
 * from the catalogue's fetched (and kept) data. Prepared chapter replies live only as long as the
 * provider's copy may be kept, and each chapter shown is reported for the provider's fair use.
 */
export class LicensedReads {
  private readonly bookBodies = new WeakMap<LicensedBooks, PreparedBody>();
  private readonly chapterBodies: LRUCache<string, { prepared: PreparedBody; fumsToken?: string }>;

  constructor(
    readonly catalogue: LicensedCatalogue,
    private readonly alternatives: LocalAlternatives,
    maxAgeMs: number,
  ) {
    this.chapterBodies = new LRUCache({ max: 5_000, ttl: Math.min(maxAgeMs, 3_600_000) });
  }

  get(code: string): LicensedTranslation | undefined {
    return this.catalogue.get(code);
  }

  summaries(): TranslationSummary[] {
    return this.catalogue
      .list()
      .map(licensedSummary)
      .sort((a, b) => a.languageName.localeCompare(b.languageName) || a.code.localeCompare(b.code));
  }

  async books(t: LicensedTranslation): Promise<LicensedBooks> {
    try {
      return await this.catalogue.booksOf(t);
    } catch (error) {
      if (error instanceof ProviderFailure) throw new NotFound(`The ${t.code} translation cannot be reached right now. Please try again in a moment.`);
      throw error;
    }
  }

  async preparedAvailableBooks(t: LicensedTranslation): Promise<PreparedBody> {
    const books = await this.books(t);
    let body = this.bookBodies.get(books);
    if (!body) {
      body = prepareBody(JSON.stringify(z.array(bookEntry).parse(books.books.map(presentBook))));
      this.bookBodies.set(books, body);
    }
    return body;
  }

  async firstAvailable(t: LicensedTranslation): Promise<{ book: string; chapter: number }> {
    const first = (await this.books(t)).books[0];
    if (!first) throw new NotFound(`The ${t.code} translation has no books.`);
    return { book: first.canon.name, chapter: first.chapterNumbers[0]! };
  }

  /** A chapter already prepared, for the fast path; reported as shown. */
  preparedChapter(code: string, book: CanonBook, chapter: number): PreparedBody | undefined {
    const t = this.get(code);
    const hit = t && this.chapterBodies.get(`${t.bibleId}:${book.usfm}.${chapter}`);
    if (!hit) return undefined;
    this.catalogue.report(hit.fumsToken);
    return hit.prepared;
  }

  async chapter(t: LicensedTranslation, canon: CanonBook, number: number): Promise<ChapterResult> {
    const key = `${t.bibleId}:${canon.usfm}.${number}`;
    const hit = this.chapterBodies.get(key);
    if (hit) {
      this.catalogue.report(hit.fumsToken);
      return { prepared: hit.prepared };
    }
    const base = (books: LicensedBooks | undefined) => ({
      translation: t.code,
      translationName: t.name,
      direction: t.direction,
      book: canon.name,
      bookId: canon.usfm,
      chapter: number,
      reference: `${canon.name} ${number}`,
      previous: books ? previousChapter({ book: canon.name, chapter: number }, books.navigation) : null,
      next: books ? nextChapter({ book: canon.name, chapter: number }, books.navigation) : null,
    });
    let books: LicensedBooks;
    try {
      books = await this.catalogue.booksOf(t);
    } catch (error) {
      return { payload: this.failure(base(undefined), t, canon, number, error) };
    }
    const book = books.books.find((b) => b.canon.osis === canon.osis);
    const limit = Math.max(book?.chapterNumbers.at(-1) ?? 0, canon.chapters);
    if (number > limit) throw new NotFound(`${canon.name} has ${limit} chapters; there is no chapter ${number}.`);
    if (!book || !book.chapterNumbers.includes(number)) {
      const first = books.books[0];
      return {
        payload: {
          ...base(books),
          redirect: true,
          error: true,
          message: `${canon.name} ${number} is not available in the ${t.code} translation. Please try a different book or translation.`,
          verses: [],
          firstAvailable: first ? { book: first.canon.name, chapter: first.chapterNumbers[0]! } : undefined,
          availableIn: [...this.alternatives(canon, number), ...(await this.suggestionsFor(canon, number)).filter((x) => x.code !== t.code)],
        },
      };
    }
    try {
      const fetched = await this.catalogue.chapter(t, canon, number);
      const content = chapterContent.parse({ ...base(books), redirect: false, verses: fetched.verses, copyright: fetched.copyright });
      const prepared = prepareBody(JSON.stringify(content));
      this.chapterBodies.set(key, { prepared, fumsToken: fetched.fumsToken });
      this.catalogue.report(fetched.fumsToken);
      return { prepared };
    } catch (error) {
      return { payload: this.failure(base(books), t, canon, number, error) };
    }
  }

  /**
   * The spec's suggestions (ESV, NIV, BSB …) among the licensed texts that have this chapter, for a
   * 'Translation Not Available' reply; a text whose book list cannot be had now is left out.
   */
  async suggestionsFor(canon: CanonBook, number: number): Promise<{ code: string; name: string }[]> {
    const candidates = UNAVAILABLE_SUGGESTIONS.flatMap((code) => this.get(code) ?? []);
    const found = await Promise.all(
      candidates.map(async (t) => {
        const books = await this.catalogue.booksOf(t).catch(() => undefined);
        return books?.books.some((b) => b.canon.osis === canon.osis && b.chapterNumbers.includes(number)) ? [{ code: t.code, name: t.name }] : [];
      }),
    );
    return found.flat();
  }

  /** The verses of one chapter, or none when the text cannot be had (compare and checks say so). */
  async chapterVerses(t: LicensedTranslation, canon: CanonBook, number: number): Promise<VerseItem[]> {
    try {
      const books = await this.catalogue.booksOf(t);
      if (!books.books.some((b) => b.canon.osis === canon.osis && b.chapterNumbers.includes(number))) return [];
      const fetched = await this.catalogue.chapter(t, canon, number);
      this.catalogue.report(fetched.fumsToken);
      return fetched.verses;
    } catch (error) {
      if (error instanceof ProviderFailure) return [];
      throw error;
    }
  }

  /**
   * The licensed text as a translation at hand, for checking an answer's references: every book and
   * chapter it has, with the verses of the chapters asked for (at most 30, fetched or kept). Undefined
   * when the provider cannot give them now: nothing must be judged against a text that is not there.
   */
  async view(t: LicensedTranslation, wanted: readonly { book: CanonBook; chapter: number }[]): Promise<LoadedTranslation | undefined> {
    try {
      const books = await this.catalogue.booksOf(t);
      const keys = [...new Set(wanted.map((w) => `${w.book.osis}.${w.chapter}`))].slice(0, MAX_VIEW_CHAPTERS);
      const fetched = new Map<string, VerseItem[]>();
      await Promise.all(
        books.books.flatMap((b) =>
          b.chapterNumbers
            .filter((n) => keys.includes(`${b.canon.osis}.${n}`))
            .map(async (n) => {
              const chapter = await this.catalogue.chapter(t, b.canon, n);
              this.catalogue.report(chapter.fumsToken);
              fetched.set(`${b.canon.osis}.${n}`, chapter.verses);
            }),
        ),
      );
      const loaded = books.books.map(
        (b) =>
          new LoadedBook(
            b.canon,
            b.name,
            b.nameLong,
            b.chapterNumbers.map((n) => LoadedChapter.of(n, fetched.get(`${b.canon.osis}.${n}`) ?? [])),
          ),
      );
      const summary = licensedSummary(t);
      return new LoadedTranslation(summary, loaded, { summary });
    } catch (error) {
      if (error instanceof ProviderFailure) return undefined;
      throw error;
    }
  }

  /** The §8 "error with a message" reply: why the text is missing now and where to read instead. */
  private failure(base: Omit<ChapterContent, 'redirect' | 'verses'>, t: LicensedTranslation, canon: CanonBook, number: number, error: unknown): ChapterContent {
    if (!(error instanceof ProviderFailure)) throw error;
    const alternatives = this.alternatives(canon, number);
    const why =
      error.kind === 'timeout'
        ? `The ${t.code} text did not arrive in time from its publisher's service.`
        : error.kind === 'rate-limited'
          ? `The ${t.code} text is busy right now: its publisher's service asked us to wait.`
          : `The ${t.code} text cannot be reached right now.`;
    const instead = alternatives[0]
      ? ` Please try again in a moment, or read ${canon.name} ${number} in ${alternatives[0].code}.`
      : ' Please try again in a moment.';
    return { ...base, redirect: false, error: true, message: why + instead, verses: [], availableIn: alternatives };
  }
}
