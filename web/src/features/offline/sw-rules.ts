/**
 * What the service worker (web/src/sw.ts) keeps and where it sends an address it cannot fetch: plain
 * rules, so they are tested without a worker.
 */

/** Pages opened, newest first (each is the server's rendering of that address). */
export const PAGES_CACHE = 'selah-pages';
/** The offline page: what an address never opened gets without a network. */
export const SHELL_CACHE = 'selah-shell';
/** Bible reads: chapters, book lists, translation lists. */
export const BIBLE_CACHE = 'selah-bible';

export const OFFLINE_PAGE = '/offline';

/** Reads of the Bible store that are the same for everyone and worth keeping. */
export function isBibleRead(pathname: string): boolean {
  return /^\/api\/bible\/(content|available-books|books|translations|first-available)(\/|$)/.test(pathname);
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
