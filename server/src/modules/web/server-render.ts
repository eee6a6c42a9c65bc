import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { prepareReply, type PreparedReply } from '../../http/prepared-reply.ts';
import { pagePolicy } from '../../http/security-headers.ts';

/** What web/src/entry-server.tsx exports (built to dist/server/entry-server.js). */
interface EntryServer {
  render(request: Request, manifest: unknown): Promise<Response>;
  setServerTransport(send: (path: string, init: RequestInit) => Promise<Response>): void;
}

/** A page rendered on the server: its status, its HTML prepared once (ETag, gzip, brotli) and its CSP. */
export interface RenderedPage {
  status: number;
  reply: PreparedReply;
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
 * can enter the HTML, and a rendered page can be kept per address and served to anyone.
 */
export class ServerRenderer {
  private readonly pages = new LRUCache<string, Promise<RenderedPage>>({ max: 2_000, ttl: KEEP_MS });

  private constructor(
    private readonly entry: EntryServer,
    private readonly host: { name?: string },
    private readonly manifest: unknown,
    private readonly publicHttps: boolean,
  ) {}

  static async load(webDist: string, server: FastifyInstance, publicHttps: boolean): Promise<ServerRenderer> {
    const build = webBuild(webDist);
    const entry = (await import(pathToFileURL(build.entry).href)) as EntryServer;
    const host: { name?: string } = {};
    entry.setServerTransport(async (path, init) => {
      // A host the app answers to (that of a page already let through); no cookies: every read is a guest's.
      const res = await server.inject({ method: (init.method ?? 'GET') as 'GET', url: path, headers: { host: host.name ?? 'localhost' } });
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? '') },
      });
    });
    return new ServerRenderer(entry, host, routerManifest(build.manifest), publicHttps);
  }

  /** The page at `url` (the site's origin, path and query), rendered once and kept for a few minutes. */
  render(url: URL): Promise<RenderedPage> {
    const key = url.href;
    let page = this.pages.get(key);
    if (!page) {
      page = this.renderNow(url);
      this.pages.set(key, page);
      // A failed or broken render is not kept: the next request tries again.
      page.then((p) => p.status >= 500 && this.pages.delete(key)).catch(() => this.pages.delete(key));
    }
    return page;
  }

  private async renderNow(url: URL): Promise<RenderedPage> {
    this.host.name ??= url.host;
    const response = await this.entry.render(new Request(url), this.manifest);
    const html = await response.text();
    return {
      status: response.status,
      reply: prepareReply(html, 'public, max-age=0, must-revalidate', 'quick', 'text/html; charset=utf-8'),
      policy: pagePolicy(html, this.publicHttps),
      location: response.headers.get('location') ?? undefined,
    };
  }
}

/**
 * The router's asset manifest, from Vite's: the client entry's script and stylesheets for every page
 * (the router does not add them itself). Read once at start; Vite's manifest itself is never served.
 */
function routerManifest(viteManifestFile: string) {
  const vite = JSON.parse(readFileSync(viteManifestFile, 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
  const client = Object.values(vite).find((chunk) => chunk.isEntry);
  if (!client) throw new Error(`No entry chunk in ${viteManifestFile}`);
  return {
    routes: {
      __root__: {
        scripts: [{ attrs: { type: 'module', src: `/${client.file}` } }],
        css: (client.css ?? []).map((file) => `/${file}`),
        preloads: [],
      },
    },
  };
}
