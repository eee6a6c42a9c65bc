import { useSyncExternalStore } from 'react';
import { queryOptions } from '@tanstack/react-query';
import type { BookEntry, DownloadSize, TranslationSummary } from '#common/contracts/bible.ts';
import { availableBooksPath, offlineBookPath } from '#common/scripture/reader-url.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { DOWNLOAD_HEADER, downloadCacheName } from '../sw-rules.ts';
import { DOWNLOAD_RECORD, readRecord, type DownloadRecord } from '../store/download-record.ts';

/**
 * "Download for offline" (issue 18 §2, issue 35): a translation's book list and each of its books in
 * the compact form of contract `offlineBook`, one request and one record per book, kept in a cache of
 * its own. Offline, the service worker builds a chapter's reply from its book (store/downloaded-books.ts)
 * and the search reads the same books. The download's record is an entry of that cache, so what is
 * said to be downloaded is what is there.
 */

/** Books fetched at once: enough to keep the line busy, few enough to leave room for the reader. */
const AT_ONCE = 4;
/**
 * What a chapter may take on the device, for the space check when the translation's own size is not
 * known: its share of a kept book, about 5.5 KB for the KJV with notes and red letters (6.3 MB for
 * 1,189 chapters, measured by bench:offline).
 */
const BYTES_PER_CHAPTER_ESTIMATE = 6 * 1024;

export type DownloadState =
  | { status: 'idle' }
  | { status: 'downloading'; done: number; total: number; bytes: number }
  | { status: 'failed'; message: string }
  | { status: 'downloaded'; record: DownloadRecord };

/** What downloading a translation moves and keeps, as the server measured its replies; fixed until it is re-imported. */
export const downloadSizeQuery = (code: string) =>
  queryOptions({
    queryKey: ['offline', 'download-size', code],
    queryFn: () => apiGet<DownloadSize>(`/api/bible/download-size/${encodeURIComponent(code)}`),
    staleTime: 60 * 60 * 1000,
  });

export const NO_SPACE = (name: string) =>
  `There is not enough space on this device to keep ${name} for offline reading. Free some space, or delete another download, and try again.`;
const FAILED = (name: string) => `${name} could not be downloaded. Check your connection and try again; nothing was kept.`;

// --- A small store of each translation's state, shared by every component that shows it -----------
const states = new Map<string, DownloadState>();
const running = new Map<string, AbortController>();
const listeners = new Set<() => void>();
const IDLE: DownloadState = { status: 'idle' };

function set(code: string, state: DownloadState) {
  states.set(code, state);
  listeners.forEach((l) => l());
}

export function useDownloadState(code: string): DownloadState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => states.get(code) ?? IDLE,
    () => IDLE,
  );
}

/** What this device holds: each translation's record, read from its cache. */
export async function refreshDownloads(codes: readonly string[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  const kept = new Set(await caches.keys());
  for (const code of codes) {
    if (running.has(code)) continue;
    const record = kept.has(downloadCacheName(code)) ? await readRecord(code) : undefined;
    // A failure stays said until the person tries again.
    if (record) set(code, { status: 'downloaded', record });
    else if (states.get(code)?.status !== 'failed') set(code, IDLE);
  }
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

/** Room left for this site, when the browser says (it may not). */
async function roomLeft(): Promise<number | undefined> {
  const estimate = await navigator.storage?.estimate?.();
  return estimate?.quota === undefined ? undefined : estimate.quota - (estimate.usage ?? 0);
}

const fetchForDownload = (path: string, signal: AbortSignal) => fetch(path, { headers: { [DOWNLOAD_HEADER]: '1' }, credentials: 'same-origin', signal });

/**
 * Downloads a translation. Resolves when it is kept (or has failed, as its state says). A failed or
 * cancelled download leaves nothing behind. `storedBytes`, when known, is what it will take here.
 */
export async function downloadTranslation(
  { code, name, language }: Pick<TranslationSummary, 'code' | 'name' | 'language'>,
  storedBytes?: number,
): Promise<void> {
  if (running.has(code)) return;
  if (typeof caches === 'undefined') {
    set(code, { status: 'failed', message: 'This browser cannot keep translations for offline reading.' });
    return;
  }
  const controller = new AbortController();
  running.set(code, controller);
  const cacheName = downloadCacheName(code);
  try {
    const booksReply = await fetchForDownload(availableBooksPath(code), controller.signal);
    if (!booksReply.ok) throw new Error(FAILED(name));
    const books = (await booksReply.clone().json()) as BookEntry[];
    const total = books.reduce((sum, b) => sum + b.chapters.length, 0);
    const room = await roomLeft();
    if (room !== undefined && room < (storedBytes ?? total * BYTES_PER_CHAPTER_ESTIMATE)) {
      set(code, { status: 'failed', message: NO_SPACE(name) });
      return;
    }
    // Asked, not required: a downloaded translation should not be cleared when the device runs short.
    void navigator.storage?.persist?.().catch(() => false);
    const cache = await caches.open(cacheName);
    const booksBody = await booksReply.arrayBuffer();
    await cache.put(
      availableBooksPath(code),
      new Response(booksBody, { headers: { 'content-type': booksReply.headers.get('content-type') ?? 'application/json' } }),
    );
    // Progress in chapters, as the person thinks of a Bible; what is kept here, in bytes: the figure shown before.
    let done = 0;
    let bytes = booksBody.byteLength;
    set(code, { status: 'downloading', done, total, bytes });
    let next = 0;
    const worker = async () => {
      while (next < books.length) {
        const book = books[next++]!;
        const path = offlineBookPath(code, book.englishName);
        const reply = await fetchForDownload(path, controller.signal);
        if (!reply.ok) throw new Error(FAILED(name));
        const body = await reply.arrayBuffer();
        await cache.put(path, new Response(body, { headers: { 'content-type': reply.headers.get('content-type') ?? 'application/json' } }));
        done += book.chapters.length;
        bytes += body.byteLength;
        set(code, { status: 'downloading', done, total, bytes });
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    const record: DownloadRecord = { code, language, chapters: total, bytes, finishedAt: new Date().toISOString() };
    await cache.put(DOWNLOAD_RECORD, new Response(JSON.stringify(record), { headers: { 'content-type': 'application/json' } }));
    set(code, { status: 'downloaded', record });
  } catch (error) {
    controller.abort();
    await caches.delete(cacheName).catch(() => false);
    if (error instanceof DOMException && error.name === 'AbortError') set(code, IDLE);
    else
      set(code, {
        status: 'failed',
        message: isQuotaError(error) ? NO_SPACE(name) : FAILED(name),
      });
  } finally {
    running.delete(code);
  }
}

/** Stops a download under way; what it had fetched is deleted. */
export function cancelDownload(code: string): void {
  running.get(code)?.abort();
}

/** Deletes a downloaded translation from the device. */
export async function deleteDownload(code: string): Promise<void> {
  await caches.delete(downloadCacheName(code));
  set(code, IDLE);
}
