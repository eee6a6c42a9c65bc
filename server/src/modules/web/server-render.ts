import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { prepareBody, type PreparedBody } from '../../lib/prepared-body.ts';
import { pagePolicy, type PagePolicyOptions } from '../../http/security-headers.ts';
import { clientAssets } from './client-assets.ts';

/** What web/src/entry-server.tsx exports (built to dist/server/entry-server.js). */
type Transport = (path: string, init: RequestInit) => Promise<Response>;

interface EntryServer {
  /** Renders a page; its reads go through `send`, to the app rendering it (web/src/entry-server.tsx). */
  render(request: Request, manifest: unknown, stylesheet: string, send: Transport): Promise<Response>;
}

/** A page rendered on the server: its status, its HTML prepared once (ETag, gzip, brotli) and its CSP. */
export interface RenderedPage {
  status: number;
  prepared: PreparedBody;
  /** The CSP that lets exactly this page's inline scripts run. */
  policy: string;
  /** Where a redirect goes (the router's: an address written differently from its page's own). */
  location?: string;
}

/** Where the two builds are: the browser's (served) and the server's beside it (never served). */
export function webBuild(webDist: string) {
  return { entry: join(webDist, '../server/entry-server.js'), manifest: join(webDist, '.vite/manifest.json') };
}

export function hasWebBuild(webDist: string): boolean {
  const build = webBuild(webDist);
  return existsSync(build.entry) && existsSync(build.manifest);
}

// Public pages change when the day's content does (the verse of the day) or the app is redeployed
// (a restart): a few minutes' keeping is what lets a chapter page be served thousands of times a second.
const KEEP_MS = 5 * 60 * 1000;

/**
 * Renders pages with the web app's server build: the same React tree and router the browser hydrates.
 * The page's reads go to this app through `inject` — public data only, no cookies — so nothing personal
 * can enter the HTML, and a rendered page can be cached per address and served to anyone.
 */
export class ServerRenderer {
  private readonly pages = new LRUCache<string, Promise<RenderedPage>>({ max: 2_000, ttl: KEEP_MS });

  private constructor(
    private readonly entry: EntryServer,
    /** This app's own reads, for its renders only: the server build is loaded once per process. */
    private readonly send: Transport,
    private readonly host: { name?: string },
    private readonly assets: { manifest: unknown; stylesheet: string },
    private readonly policy: PagePolicyOptions,
    private readonly cacheable: (url: URL) => boolean,
  ) {}

  /** `cacheable` says whether a page may be cached and served again (not one showing a licensed text). */
  static async load(
    webDist: string,
    server: FastifyInstance,
    policy: PagePolicyOptions,
    cacheable: (url: URL) => boolean = () => true,
  ): Promise<ServerRenderer> {
    const build = webBuild(webDist);
    const entry = (await import(pathToFileURL(build.entry).href)) as EntryServer;
    const host: { name?: string } = {};
    const send: Transport = async (path, init) => {
      // A host the app answers to (that of a page already let through); no cookies: every read is a guest's.
      const res = await server.inject({ method: (init.method ?? 'GET') as 'GET', url: path, headers: { host: host.name ?? 'localhost' } });
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? '') },
      });
    };
    return new ServerRenderer(entry, send, host, clientAssets(webDist, build.manifest), policy, cacheable);
  }

  /** Drops every cached page: published content changed, and any page may show it (the home page's lessons). */
  forgetAll(): void {
    this.pages.clear();
  }

  /** Whether the page at `url` is cached (serving it costs no rendering). */
  isCached(url: URL): boolean {
    return this.pages.has(url.href);
  }

  /** The page at `url` (the site's origin, path and query), rendered once and cached for a few minutes. */
  render(url: URL): Promise<RenderedPage> {
    if (!this.cacheable(url)) return this.renderNow(url);
    const key = url.href;
    let page = this.pages.get(key);
    if (!page) {
      page = this.renderNow(url);
      this.pages.set(key, page);
      // A failed or broken render is not cached: the next request tries again.
      page.then((p) => p.status >= 500 && this.pages.delete(key)).catch(() => this.pages.delete(key));
    }
    return page;
  }

  private async renderNow(url: URL): Promise<RenderedPage> {
    this.host.name ??= url.host;
    const response = await this.entry.render(new Request(url), this.assets.manifest, this.assets.stylesheet, this.send);
    const html = await response.text();
    return {
      status: response.status,
      prepared: prepareBody(html, 'quick', 'text/html; charset=utf-8'),
      policy: pagePolicy(html, this.policy),
      location: response.headers.get('location') ?? undefined,
    };
  }
}
