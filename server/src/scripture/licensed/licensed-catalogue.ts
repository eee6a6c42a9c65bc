import { CANON, type CanonBook } from '#common/scripture/canon.ts';
import type { NavigableBook } from '#common/scripture/navigation.ts';
import type { VerseItem } from '#common/contracts/bible.ts';
import { LRUCache } from 'lru-cache';
import { ImportError } from '../importers/types.ts';
import { ProviderFailure, type ApiBibleClient } from './api-bible-client.ts';
import type { z } from 'zod';
import { apiBibleList, apiBookList, apiChapter, type ApiBibleSummary } from './api-bible-protocol.ts';
import { chapterVerses } from './chapter-json.ts';
import type { LicensedCache } from './licensed-cache.ts';
import { licensedIdentity, type LicensedIdentity } from './licensed-identity.ts';
import { UsageReporter } from './usage-reporter.ts';

export interface LicensedTranslation extends LicensedIdentity {
  bibleId: string;
  /** The provider's copyright line for the text, when its list gives one (each chapter always does). */
  copyright?: string;
}

export interface LicensedBook {
  canon: CanonBook;
  name: string;
  nameLong: string;
  chapterNumbers: readonly number[];
}

export interface LicensedBooks {
  books: readonly LicensedBook[];
  navigation: readonly NavigableBook[];
}

export interface LicensedChapter {
  verses: VerseItem[];
  copyright: string;
  /** The usage-report token of the reply the text came from. */
  fumsToken?: string;
}

export interface LicensedSearch {
  total: number;
  verses: { book: CanonBook; chapter: number; verse: number; text: string }[];
  fumsToken?: string;
}

export interface LicensedCatalogueOptions {
  client: ApiBibleClient;
  cache: LicensedCache;
  /** How long a reply may be kept (the cache's limit too). */
  maxAgeMs: number;
  /** Only these provider Bible ids, when set (API_BIBLE_BIBLES). */
  only?: readonly string[];
  /** Where usage reports go (API.Bible's FUMS); none when unset. */
  fumsUrl?: string;
  log: { warn: (obj: object, msg: string) => void };
}

const byUsfm = new Map(CANON.map((b) => [b.usfm, b]));
const LIST_KEY = 'bibles';

/** When the first list could not be had: ask again after these waits, then at the hourly refresh. */
const LIST_RETRY_MS = [5_000, 30_000, 120_000, 600_000];

/**
 * The translations a licensed provider (API.Bible) lets this server's key use. Their text is never
 * stored whole: a Bible's book list and each chapter a reader asks for are fetched once, kept for the
 * configured time (memory, then the database), and shared by concurrent readers. A failure is
 * reported as a ProviderFailure for the caller to turn into the reader's §8 message.
 */
export class LicensedCatalogue {
  private byCode = new Map<string, LicensedTranslation>();
  private readonly listeners: (() => void)[] = [];
  private readonly books: LRUCache<string, LicensedBooks>;
  private readonly chapters: LRUCache<string, LicensedChapter>;
  private readonly searches: LRUCache<string, LicensedSearch>;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private refreshTimer?: NodeJS.Timeout;
  private retryTimer?: NodeJS.Timeout;
  private stopped = false;
  private readonly reporter?: UsageReporter;
  private lastReportWarning = 0;

  constructor(private readonly options: LicensedCatalogueOptions) {
    this.books = new LRUCache({ max: 500, ttl: options.maxAgeMs });
    this.chapters = new LRUCache({ max: 5_000, ttl: options.maxAgeMs });
    this.searches = new LRUCache({ max: 500, ttl: Math.min(options.maxAgeMs, 3_600_000) });
    if (options.fumsUrl) {
      this.reporter = new UsageReporter(options.fumsUrl, (error) => {
        // One line a minute at most: a provider that is down must not flood the log.
        if (Date.now() - this.lastReportWarning < 60_000) return;
        this.lastReportWarning = Date.now();
        options.log.warn({ err: describe(error) }, 'usage reports to the licensed provider are failing');
      });
    }
  }

  /**
   * Uses the kept list at once when there is one; otherwise asks the provider without holding up the
   * start (`loaded` settles when it has answered or failed). Refreshes the list every hour. Never
   * throws: with the provider down and nothing kept, the local translations are all there is.
   */
  async start(taken: () => readonly string[], refreshMs = 3_600_000, retryMs: readonly number[] = LIST_RETRY_MS): Promise<void> {
    let failures = 0;
    const load = async () => {
      try {
        this.setList(await this.fetchList(), taken());
        failures = 0;
      } catch (error) {
        this.options.log.warn({ err: describe(error) }, 'licensed Bible list not loaded; local translations only');
        // With no list at all, an hour without the licensed texts is too long for a provider that was
        // only briefly away (a restart, a slow first answer): ask again soon, then less often.
        const delay = retryMs[failures++];
        if (this.byCode.size === 0 && delay !== undefined && !this.stopped) {
          this.retryTimer = setTimeout(() => void load(), delay);
          this.retryTimer.unref();
        }
      }
    };
    const kept = await this.options.cache.get(LIST_KEY).catch(() => undefined);
    const parsed = kept && apiBibleList.safeParse(kept.body);
    if (parsed?.success) {
      this.setList(parsed.data.data, taken());
      this.loaded = Promise.resolve();
    } else {
      this.loaded = load();
    }
    // Kept replies past their time are deleted at start and with every refresh.
    const purge = () =>
      void this.options.cache.purge().catch((error: unknown) => this.options.log.warn({ err: describe(error) }, 'licensed cache purge failed'));
    purge();
    this.refreshTimer = setInterval(() => {
      purge();
      void load();
    }, refreshMs);
    this.refreshTimer.unref();
  }

  /** Settles once the first list is in (or could not be had). */
  loaded: Promise<void> = Promise.resolve();

  stop(): void {
    clearInterval(this.refreshTimer);
    clearTimeout(this.retryTimer);
    this.stopped = true;
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  list(): LicensedTranslation[] {
    return [...this.byCode.values()];
  }

  get(code: string): LicensedTranslation | undefined {
    return this.byCode.get(code.trim().toUpperCase());
  }

  /** Books (and their chapters) the translation has; cached. */
  async booksOf(t: LicensedTranslation): Promise<LicensedBooks> {
    const key = `books:${t.bibleId}`;
    const known = this.books.get(key);
    if (known) return known;
    return this.once(key, async () => {
      const body = checked(apiBookList, key, await this.kept(key, () => this.options.client.books(t.bibleId).then((data) => ({ data }))));
      const books = body.data.flatMap((b): LicensedBook[] => {
        const canon = byUsfm.get(b.id.toUpperCase());
        const chapterNumbers = b.chapters.map((c) => Number(c.number)).filter((n) => Number.isInteger(n) && n > 0);
        if (!canon || chapterNumbers.length === 0) return [];
        return [{ canon, name: b.name || canon.name, nameLong: b.nameLong || b.name || canon.name, chapterNumbers }];
      });
      books.sort((a, b) => a.canon.order - b.canon.order);
      const value = { books, navigation: books.map((b) => ({ name: b.canon.name, chapters: b.chapterNumbers })) };
      this.books.set(key, value);
      return value;
    });
  }

  /** The chapter from memory, else the database, else the provider. */
  async chapter(t: LicensedTranslation, book: CanonBook, chapter: number): Promise<LicensedChapter> {
    const id = `${book.usfm}.${chapter}`;
    const key = `chapter:${t.bibleId}:${id}`;
    const known = this.chapters.get(key);
    if (known) return known;
    return this.once(key, async () => {
      const reply = checked(apiChapter, key, await this.kept(key, () => this.options.client.chapter(t.bibleId, id)));
      let verses: VerseItem[];
      try {
        verses = chapterVerses(book, chapter, reply.data.content);
      } catch (error) {
        if (error instanceof ImportError) throw new ProviderFailure('malformed', `${id}: ${error.message}`);
        throw error;
      }
      const value: LicensedChapter = {
        verses,
        copyright: reply.data.copyright?.trim() || t.copyright || `${t.name}: text under copyright, used through API.Bible.`,
        fumsToken: reply.meta?.fumsToken ?? reply.meta?.fumsId ?? undefined,
      };
      this.chapters.set(key, value);
      return value;
    });
  }

  /**
   * A search of the provider's text (its own index: the text is never held here whole). Results are
   * kept in memory for the keeping time, shared by identical searches.
   */
  async search(t: LicensedTranslation, query: string, range: string | undefined, limit: number, offset: number): Promise<LicensedSearch> {
    const key = JSON.stringify([t.bibleId, query, range ?? '', limit, offset]);
    const known = this.searches.get(key);
    if (known) return known;
    return this.once(`search:${key}`, async () => {
      const reply = await this.options.client.search(t.bibleId, query, range, limit, offset);
      const verses = reply.data.verses.flatMap((v) => {
        const [bookId, chapter, verse] = v.id.split('.');
        const book = byUsfm.get((bookId ?? '').toUpperCase());
        const c = Number(chapter);
        const n = Number(verse);
        return book && Number.isInteger(c) && Number.isInteger(n) && c > 0 && n > 0
          ? [{ book, chapter: c, verse: n, text: v.text.replace(/\s+/g, ' ').trim() }]
          : [];
      });
      const value: LicensedSearch = { total: reply.data.total ?? verses.length, verses, fumsToken: reply.meta?.fumsToken ?? reply.meta?.fumsId ?? undefined };
      this.searches.set(key, value);
      return value;
    });
  }

  /**
   * Tells the provider's fair-use system the text was shown (its terms ask this of every display). Sent
   * from the server in the background, so readers' browsers never contact the provider.
   */
  report(fumsToken: string | undefined): void {
    if (fumsToken) this.reporter?.report(fumsToken);
  }

  private async fetchList(): Promise<ApiBibleSummary[]> {
    const data = await this.options.client.bibles();
    await this.options.cache.put(LIST_KEY, { data });
    return data;
  }

  private setList(bibles: readonly ApiBibleSummary[], taken: readonly string[]): void {
    const only = this.options.only?.length ? new Set(this.options.only) : undefined;
    const used = new Set(taken.map((c) => c.toUpperCase()));
    const next = new Map<string, LicensedTranslation>();
    for (const bible of bibles) {
      if (only && !only.has(bible.id)) continue;
      const identity = licensedIdentity(bible);
      // A text installed locally keeps its code and is read offline; its licensed copy is not listed.
      if (used.has(identity.code)) continue;
      let code = identity.code;
      for (let n = 2; next.has(code); n++) code = `${identity.code.slice(0, 14)}${n}`;
      next.set(code, { ...identity, code, bibleId: bible.id, copyright: bible.copyright?.trim() || undefined });
    }
    this.byCode = next;
    for (const listener of this.listeners) listener();
  }

  /** A reply kept in the database within the limit, else fetched and kept. */
  private async kept(key: string, fetchIt: () => Promise<unknown>): Promise<unknown> {
    const kept = await this.options.cache.get(key);
    if (kept) return kept.body;
    const body = await fetchIt();
    await this.options.cache.put(key, body);
    return body;
  }

  /** One provider request per key at a time: concurrent readers of a new chapter share it. */
  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }
}

/** A kept or fetched reply checked against its shape: a bad one is the provider's failure, not ours. */
function checked<T>(schema: z.ZodType<T>, key: string, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderFailure('malformed', `${key}: unexpected reply`);
  return parsed.data;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
