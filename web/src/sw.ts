/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { getOrCreateDefaultRouter } from 'workbox-routing/utils/getOrCreateDefaultRouter.js';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import {
  BIBLE_CACHE,
  DOWNLOAD_HEADER,
  OFFLINE_PAGE,
  PAGES_CACHE,
  PERSONAL_CACHE,
  SHELL_CACHE,
  buildName,
  changesAccount,
  isBibleRead,
  isPersonalRead,
  keepsPage,
  offlineAddress,
} from './features/offline/sw-rules.ts';
import { chapterFromDownload } from './features/offline/store/downloaded-books.ts';

/**
 * Selah's service worker (issue 18). It keeps:
 * - the built app (scripts, styles, fonts, icons), precached on install, so the app starts offline;
 * - every page opened (network first: online, the server's page is always the newest);
 * - every Bible read (chapters, book and translation lists), network first too, so a chapter read once
 *   opens again without a network; a translation downloaded for offline is looked up as well (its
 *   chapters are built from the books it keeps).
 * Offline, an address never opened is answered by the offline page, which opens it in the browser
 * from the offline copies (see features/offline/OfflinePage).
 *
 * A new version waits until the person agrees to reload (ServiceWorkerHost), so one page never mixes the
 * files of two builds.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/** This build, named by its files: each build keeps the pages it rendered apart from another's. */
const MANIFEST = self.__WB_MANIFEST;
const BUILD = buildName(JSON.stringify(MANIFEST));
const PAGES = `${PAGES_CACHE}-${BUILD}`;

precacheAndRoute(MANIFEST);
cleanupOutdatedCaches();

/** Offline, a read not in its own cache may be in any other cache, or in a translation downloaded in books. */
const anyOfflineCopy: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await caches.match(request, { ignoreVary: true })) ?? (await chapterFromDownload(new URL(request.url))),
};

/** Only whole, successful replies become offline copies: an error page must not stand in for a chapter later. */
const onlyOk: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isBibleRead(url.pathname) && !request.headers.has(DOWNLOAD_HEADER),
  new NetworkFirst({
    cacheName: BIBLE_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 5000, purgeOnQuotaError: true }), anyOfflineCopy],
  }),
);

/**
 * Offline, for a page with no offline copy: the offline page, at its own address (the redirect lets the app see
 * where the person wanted to go); the offline page itself is answered from the shell cache.
 */
async function offlineAnswer(url: URL): Promise<Response | undefined> {
  const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
  if (!offline || url.pathname === OFFLINE_PAGE) return offline;
  return Response.redirect(offlineAddress(url), 302);
}

// The signed-in person's notes, highlights and session, for reading them offline. Network first: online
// they are always the server's. Signing in or out (any account) drops them first, so the next person on
// this browser never sees them.
registerRoute(
  ({ url }) => url.origin === self.location.origin && isPersonalRead(url.pathname),
  new NetworkFirst({
    cacheName: PERSONAL_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })],
  }),
);
const forgetPersonal = async ({ request }: { request: Request }) => {
  await caches.delete(PERSONAL_CACHE);
  return fetch(request);
};
for (const method of ['GET', 'POST'] as const) {
  registerRoute(({ url }) => url.origin === self.location.origin && changesAccount(url.pathname), forgetPersonal, method);
}

const pages = new NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: 6,
  plugins: [
    onlyOk,
    new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }),
    {
      // A page never opened here: the offline page, told where the person wanted to go.
      handlerDidError: async ({ request }) => offlineAnswer(new URL(request.url)),
    },
  ],
});

registerRoute(
  new NavigationRoute(
    async (options) => {
      const url = new URL(options.request.url);
      if (keepsPage(url.pathname)) return pages.handle(options);
      // Pages with secrets in the address or only for staff go to the network alone; offline they
      // still get the offline page rather than the browser's error.
      try {
        return await fetch(options.request);
      } catch (error) {
        const answer = await offlineAnswer(url);
        if (answer) return answer;
        throw error;
      }
    },
    { denylist: [/^\/api\//, /^\/media\//] },
  ),
);

// The first version takes the open pages at once, so the chapter being read has an offline copy from then on (an
// update takes over only when the person reloads for it, see ServiceWorkerHost).
clientsClaim();
// What the first page read before the worker was there is sent over once (CACHE_URLS) and copied offline by the
// same routes as any later read.
getOrCreateDefaultRouter().addCacheListener();

self.addEventListener('install', (event) => {
  // The offline page is copied offline from the start, apart from the pages that come and go: it is what an
  // address never opened gets without a network.
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: 'reload' }))));
});

self.addEventListener('activate', (event) => {
  // Offline copies of pages from an earlier build name that build's files, which this version's precache no longer
  // holds: they go, and offline the offline page opens each address from the offline copies of Bible reads instead.
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith(`${PAGES_CACHE}-`) && name !== PAGES).map((name) => caches.delete(name)))),
  );
});

/** The page open when the worker first came: rendered before there was a worker to keep it. */
async function keepPage(address: string): Promise<void> {
  const url = new URL(address);
  if (url.origin !== self.location.origin || !keepsPage(url.pathname)) return;
  const page = await fetch(url, { credentials: 'same-origin' });
  if (page.status === 200 && page.headers.get('content-type')?.startsWith('text/html')) await (await caches.open(PAGES)).put(url.href, page);
}

self.addEventListener('message', (event) => {
  const message = event.data as { type?: string; url?: unknown } | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'KEEP_PAGE' && typeof message.url === 'string') event.waitUntil(keepPage(message.url).catch(() => undefined));
});
