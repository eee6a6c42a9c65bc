import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { join, sep } from 'node:path';
import { preparedResponse } from '../../http/prepared-reply.ts';
import { requestOrigin } from '../../http/trusted-hosts.ts';
import { SERVICE_WORKER_POLICY } from '../../http/security-headers.ts';
import { addressKey, WindowLimit, type Quota } from '../../lib/quota/quota.ts';
import type { CacheMeter } from '../../lib/metrics/metrics.ts';
import { hasWebBuild, ServerRenderer } from './server-render.ts';

/** New pages one client address may have rendered in a minute: a reader turns far fewer, a polite crawler too. */
export const NEW_PAGES_PER_MINUTE = 300;
export const RENDER_WINDOW_MS = 60_000;
/** A page may change with any deploy or edit: checked every time, which its ETag makes a 304 when it has not. */
const PAGE_CACHE = 'public, max-age=0, must-revalidate';

export interface WebOptions {
  webDist: string;
  publicUrl?: string;
  /** The page headers (helmet's set) for a request, without a CSP: each page brings its own. */
  pageHeaders: (req: FastifyRequest) => Record<string, string>;
  /**
   * Whether a rendered page may be cached and served again. A page showing a licensed text is rendered
   * for each visit: its read reports the showing to the licence holder, and a failed read is not cached.
   */
  cacheable?: (url: URL) => boolean;
  /** Where generated media is served from when not by the app (a public bucket's origin). */
  mediaOrigin?: string;
  /** Counts the new pages rendered for each address, for every process of the site. */
  renderQuota: Quota;
  /** Counts pages served from the cache (hits) and rendered (misses), for /metrics. */
  pageCache?: CacheMeter;
}

/**
 * Serves the web app: its built files, and every page rendered on the server (the address's own page,
 * or the app's not-found page with a 404). Without a build, pages answer 404 and the API still works.
 */
/** What the app may ask of the pages afterwards. */
export interface WebPages {
  /** Published content changed: pages cached in this process are rendered again (other processes cache theirs a few minutes). */
  forgetCachedPages(): void;
}

export function registerWeb(server: FastifyInstance, options: WebOptions): WebPages {
  const built = hasWebBuild(options.webDist);
  const publicHttps = options.publicUrl?.startsWith('https://') ?? false;
  if (built) {
    const assetsDir = join(options.webDist, 'assets') + sep;
    const serviceWorker = join(options.webDist, 'sw.js');
    server.register(fastifyStatic, {
      root: options.webDist,
      index: false,
      preCompressed: true,
      // One route per built file, found at start: any other path goes straight to its page without
      // a look on disk first (a page served from memory was 8× slower with that look). Dot folders are
      // left out, so Vite's manifest — every chunk of the build — is read by the server, never served.
      wildcard: false,
      // Vite names every built asset by its content: a file under /assets/ never changes, so browsers
      // keep it for a year (the reading font is then there from the first paint of every later page).
      // The favicon and other unhashed files are checked again each time.
      setHeaders: (reply, path) => {
        if (path.startsWith(assetsDir)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        // The service worker (or its compressed copy) is checked on every visit, so a new release is found
        // at once; its CSP is the worker's own and must let it fetch from this site.
        if (path === serviceWorker || path.startsWith(`${serviceWorker}.`))
          reply.header('cache-control', 'no-cache').header('content-security-policy', SERVICE_WORKER_POLICY);
      },
    });
  }
  const renderer = built ? ServerRenderer.load(options.webDist, server, { publicHttps, mediaOrigin: options.mediaOrigin }, options.cacheable) : undefined;
  // Load it now, so that a broken build fails at start rather than on the first visitor.
  renderer?.catch((error: unknown) => server.log.error({ err: error }, 'the server build of the web app could not be loaded'));

  // Each address is rendered once and then cached; an address nobody asked for yet costs a render
  // (tens of ms), so one client may not make the server render more than this many a minute. Only
  // renders are counted: a kept page is served with no look at the database.
  const renders = new WindowLimit(
    options.renderQuota,
    NEW_PAGES_PER_MINUTE,
    RENDER_WINDOW_MS,
    (seconds) => `Too many pages at once. Please wait ${Math.ceil(seconds)} seconds and try again.`,
  );
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    // The page's links use the site's address: the configured public URL, else a host already checked as trusted.
    const url = new URL(req.url, requestOrigin(req, options.publicUrl));
    const ssr = await renderer!;
    const cached = ssr.isCached(url);
    if (cached) options.pageCache?.hit();
    else {
      options.pageCache?.miss();
      await renders.take([addressKey(req.ip)]);
    }
    const page = await ssr.render(url);
    if (page.location) return reply.code(page.status).headers(options.pageHeaders(req)).header('location', page.location).send();
    const answer = preparedResponse(page.prepared, PAGE_CACHE, req.headers);
    return reply
      .code(answer.status === 304 ? 304 : page.status)
      .headers(options.pageHeaders(req))
      .header('content-security-policy', page.policy)
      .headers(answer.headers)
      .send(answer.body);
  };
  // The static plugin answers "/" itself (a folder): the home page is a page like any other.
  if (built) server.get('/', sendPage);
  server.setNotFoundHandler(async (req, reply) => {
    // A missing asset is a 404, not a page: a stale page must not get HTML for its script.
    if (req.url.startsWith('/api/') || req.url.startsWith('/assets/') || req.method !== 'GET' || !built) {
      return reply.code(404).send({ message: `No such endpoint: ${req.method} ${req.url.split('?')[0]}` });
    }
    return sendPage(req, reply);
  });
  return { forgetCachedPages: () => void renderer?.then((r) => r.forgetAll()).catch(() => {}) };
}
