/**
 * What the service worker (web/src/sw.ts) keeps and where it sends an address it cannot fetch: plain
 * rules, so they are tested without a worker.
 */

/** Pages opened (each the server's rendering of that address), one cache per build: `selah-pages-<build>`. */
export const PAGES_CACHE = 'selah-pages';

/** A short name for a build, from the list of its files (FNV-1a). */
export function buildName(files: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < files.length; i++) hash = Math.imul(hash ^ files.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}
/** The offline page: what an address never opened gets without a network. */
export const SHELL_CACHE = 'selah-shell';
/** Bible reads: chapters, book lists, translation lists. */
export const BIBLE_CACHE = 'selah-bible';

/** The signed-in person's own reads (who they are, their notes and highlights): kept to read offline, dropped on sign-in and sign-out. */
export const PERSONAL_CACHE = 'selah-personal';

export const OFFLINE_PAGE = '/offline';

/** A translation downloaded for offline reading: every chapter and its book list, kept until deleted. */
export const downloadCacheName = (code: string) => `selah-download-${code}`;

/**
 * Marks the requests of a download: the worker leaves them to the download, which keeps them in its
 * own cache, so a chapter is not stored twice (nor pushed out of the cache of chapters read).
 */
export const DOWNLOAD_HEADER = 'x-selah-download';

/** Reads of the Bible store that are the same for everyone and worth keeping. */
export function isBibleRead(pathname: string): boolean {
  return /^\/api\/bible\/(content|available-books|books|translations|first-available)(\/|$)/.test(pathname);
}

/** A signed-in person's reads that My Notes, My Highlights and the reader's marks need offline. */
export function isPersonalRead(pathname: string): boolean {
  return /^\/api\/(notes|highlights|auth\/user)(\/|$)/.test(pathname);
}

/** Requests that change who is signed in: the kept personal reads go before they do. */
export function changesAccount(pathname: string): boolean {
  return /^\/api\/(logout|auth\/(custom-logout|sign-in|sign-up|sign-out))(\/|$)/.test(pathname);
}

/**
 * Pages whose rendering may be kept on the device. Not: pages carrying a secret in their address (a
 * reset or confirmation link), sign-in pages, and staff pages, which must always be the server's own.
 */
const NEVER_KEPT = [/^\/admin(\/|$)/, /^\/secret-admin-login/, /^\/test-auth/, /^\/reset-password/, /^\/verify-email/, /^\/newsletter\//, /^\/offline(\/|$)/];

export function keepsPage(pathname: string): boolean {
  return !NEVER_KEPT.some((rule) => rule.test(pathname));
}

/** The offline page's address for a page the person wanted to open. */
export function offlineAddress(url: URL): string {
  return `${OFFLINE_PAGE}?to=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Where the offline page may send the person on: an address of this site, never another's. */
export function safeReturnPath(to: unknown): string | undefined {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return undefined;
  if (to === OFFLINE_PAGE || to.startsWith(`${OFFLINE_PAGE}?`)) return undefined;
  return to;
}
