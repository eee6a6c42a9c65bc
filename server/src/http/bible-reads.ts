import { unsafeText } from '#common/contracts/text.ts';
import { LRUCache } from 'lru-cache';
import { preparedBytes, type PreparedBody } from '../lib/prepared-body.ts';
import type { FastRead, FastReply } from './fast-reads.ts';

// Spec §9: translation lists are fresh for an hour, chapter content for 10 minutes.
export const LIST_CACHE = 'public, max-age=3600';
export const CHAPTER_CACHE = 'public, max-age=600';

/** A chapter read's path as the fast path takes it: the book as sent (escaped), a chapter number. */
const CONTENT_PATH = /^\/api\/bible\/content\/([^/]{1,120})\/([1-9]\d{0,4})$/;
const AVAILABLE_BOOKS_PATH = /^\/api\/bible\/available-books\/([A-Za-z0-9]{1,16})$/;
/** A path that names a translation itself (the query names it for the others). */
const TRANSLATION_PATH = /^\/api\/bible\/(?:available-books|first-available)\/([A-Za-z0-9]{1,16})$/;
const TRANSLATION_QUERY = /^translation=([A-Za-z0-9]{1,16})$/;

/** The route pattern of a read the fast path answered, as the routes name it (for metrics and the access log). */
export function fastReadRoute(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (CONTENT_PATH.test(path)) return '/api/bible/content/:book/:chapter';
  if (AVAILABLE_BOOKS_PATH.test(path)) return '/api/bible/available-books/:translation';
  // The lists: their paths are their patterns.
  return path;
}

/**
 * What the fast path needs of the Bible module (BibleService): its prepared bodies. Each may throw for
 * a translation or book it does not know; the fast path then leaves the read to the routes, which say why.
 */
export interface PreparedBibleReads {
  preparedCanonBooks(): PreparedBody;
  preparedTranslationLists(): { all: PreparedBody; grouped: PreparedBody };
  /** A local translation's books. */
  preparedAvailableBooks(code: string): PreparedBody;
  /** A local translation's chapter (the default's without a code); undefined when the translation lacks it. */
  preparedChapter(code: string | undefined, book: string, chapter: number): PreparedBody | undefined;
  isLicensed(code: string): boolean;
  /** A licensed chapter already prepared and still within its keeping time (reported as shown). */
  preparedLicensedChapter(code: string, book: string, chapter: number): PreparedBody | undefined;
  /** Told whenever the installed translations change. */
  onChange(listener: () => void): void;
}

/**
 * The Bible API's public reads by URL, for http/fast-reads.ts: the prepared reply of a read given its
 * path and query as sent; undefined for anything else, for anything the routes' schemas would refuse or
 * read differently, and for errors, which the routes answer.
 */
export function bibleFastRead(bible: PreparedBibleReads, maxBytes: number): FastRead {
  /**
   * Replies by the URL they were read at: a repeated read skips parsing the URL. Bounded in bytes too:
   * a reply kept here keeps its body, whichever other cache let it go.
   */
  const byUrl = new LRUCache<string, FastReply>({ max: 20_000, maxSize: Math.max(1, maxBytes), sizeCalculation: (reply) => preparedBytes(reply.body) });
  bible.onChange(() => byUrl.clear());
  const lists = new WeakMap<PreparedBody, FastReply>();
  const chapters = new WeakMap<PreparedBody, FastReply>();
  /** One reply object per prepared body, so a repeated read allocates nothing. */
  const replyWith = (replies: WeakMap<PreparedBody, FastReply>, cacheControl: string) => (body: PreparedBody | undefined) => {
    if (!body) return undefined;
    let reply = replies.get(body);
    if (!reply) replies.set(body, (reply = { body, cacheControl }));
    return reply;
  };
  const list = replyWith(lists, LIST_CACHE);
  const chapter = replyWith(chapters, CHAPTER_CACHE);

  /**
   * A licensed chapter prepared and still within its keeping time, read by URL; false for another
   * licensed read, which the routes answer; undefined when the URL is not licensed.
   */
  const licensedRead = (path: string, query: string): FastReply | false | undefined => {
    const code = TRANSLATION_QUERY.exec(query)?.[1] ?? TRANSLATION_PATH.exec(path)?.[1];
    if (!code || !bible.isLicensed(code)) return undefined;
    const m = CONTENT_PATH.exec(path);
    if (!m) return false;
    try {
      return chapter(bible.preparedLicensedChapter(code, decodeURIComponent(m[1]!).trim(), Number(m[2]))) ?? false;
    } catch {
      return false;
    }
  };

  const localRead = (path: string, query: string): FastReply | undefined => {
    try {
      if (path === '/api/bible/books' && query === '') return list(bible.preparedCanonBooks());
      if (path === '/api/bible/translations/all' && query === '') return list(bible.preparedTranslationLists().all);
      if (path === '/api/bible/translations/grouped' && query === '') return list(bible.preparedTranslationLists().grouped);
      let m = AVAILABLE_BOOKS_PATH.exec(path);
      if (m && query === '') return list(bible.preparedAvailableBooks(m[1]!));
      m = CONTENT_PATH.exec(path);
      const translation = query === '' ? undefined : TRANSLATION_QUERY.exec(query)?.[1];
      if (!m || (query !== '' && !translation)) return undefined;
      // The route's schema: a trimmed book name of 1 to 40 characters, with nothing PostgreSQL cannot store.
      const book = decodeURIComponent(m[1]!).trim();
      if (book.length === 0 || book.length > 40 || unsafeText(book)) return undefined;
      return chapter(bible.preparedChapter(translation, book, Number(m[2])));
    } catch {
      return undefined; // a malformed escape, an unknown book or translation: the routes say why
    }
  };

  return (path, query) => {
    // Only local reads are remembered by URL (a licensed one is not a local read), so a remembered one needs no other look.
    const key = `${path}?${query}`;
    const known = byUrl.get(key);
    if (known) return known;
    const licensed = licensedRead(path, query);
    if (licensed !== undefined) return licensed || undefined;
    const reply = localRead(path, query);
    if (reply) byUrl.set(key, reply);
    return reply;
  };
}
