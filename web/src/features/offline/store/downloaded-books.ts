import type { BookEntry, ChapterContent, OfflineBook } from '#common/contracts/bible.ts';
import { findBookExact } from '#common/scripture/canon.ts';
import { offlineChapter } from '#common/scripture/offline-book.ts';
import { availableBooksPath, offlineBookPath } from '#common/scripture/reader-url.ts';
import { downloadCacheName } from '../sw-rules.ts';

/**
 * A translation's download as the device keeps it: its book list and one record per book (contract
 * `offlineBook`). Read by the service worker, which answers a chapter's address from it offline, and by
 * the offline search. In a file of its own, so neither loads the download's code.
 */
export class DownloadedBooks {
  private constructor(
    private readonly cache: Cache,
    private readonly code: string,
    readonly books: BookEntry[],
  ) {}

  /** The translation's download, or undefined when there is none (or it never got past its book list). */
  static async open(code: string): Promise<DownloadedBooks | undefined> {
    if (typeof caches === 'undefined' || !(await caches.has(downloadCacheName(code)))) return undefined;
    const cache = await caches.open(downloadCacheName(code));
    const books = await cache.match(availableBooksPath(code));
    return books ? new DownloadedBooks(cache, code, (await books.json()) as BookEntry[]) : undefined;
  }

  /** A book as kept; undefined when this download lacks it (or was made in the earlier form, a reply per chapter). */
  async book(name: string): Promise<OfflineBook | undefined> {
    const kept = await this.cache.match(offlineBookPath(this.code, name));
    return kept ? ((await kept.json()) as OfflineBook) : undefined;
  }

  /** The reader's chapter, built from its book. */
  async chapter(bookName: string, chapter: number): Promise<ChapterContent | undefined> {
    const canon = findBookExact(bookName);
    const book = canon && (await this.book(canon.name));
    return book && offlineChapter(book, chapter, this.books);
  }

  /** Every chapter kept, in either form: books, and the replies per chapter a download made before kept. */
  async allChapters(): Promise<ChapterContent[]> {
    const chapters: ChapterContent[] = [];
    for (const entry of this.books) {
      const book = await this.book(entry.englishName);
      if (!book) continue;
      for (const { chapter } of book.chapters) chapters.push(offlineChapter(book, chapter, this.books)!);
    }
    for (const request of await this.cache.keys()) {
      if (!new URL(request.url).pathname.startsWith('/api/bible/content/')) continue;
      const reply = await this.cache.match(request);
      if (reply) chapters.push((await reply.json()) as ChapterContent);
    }
    return chapters;
  }
}

/**
 * The reply to a chapter's address (`/api/bible/content/<book>/<chapter>?translation=<code>`) from a
 * translation downloaded in books; undefined for any other address, or a chapter not downloaded.
 */
export async function chapterFromDownload(url: URL): Promise<Response | undefined> {
  const match = /^\/api\/bible\/content\/([^/]+)\/(\d+)$/.exec(url.pathname);
  const code = url.searchParams.get('translation');
  if (!match || !code) return undefined;
  let book: string;
  try {
    book = decodeURIComponent(match[1]!);
  } catch {
    return undefined; // not an address the reader writes
  }
  const chapter = await (await DownloadedBooks.open(code))?.chapter(book, Number(match[2]));
  return chapter && new Response(JSON.stringify(chapter), { headers: { 'content-type': 'application/json; charset=utf-8' } });
}
