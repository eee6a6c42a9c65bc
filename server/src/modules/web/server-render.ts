import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { LruCache } from '../../lib/lru.ts';
import { pagePolicy } from '../../http/security-headers.ts';

interface EntryServer {
  render(request: Request, manifest: unknown): Promise<Response>;
  setServerTransport(send: (path: string, init: RequestInit) => Promise<Response>): void;
}

/** A page rendered on the server: its status, HTML and an ETag of its bytes. */
export interface RenderedPage {
  status: number;
  html: string;
  etag: string;
  /** The CSP that lets exactly this page's inline scripts run. */
  policy: string;
}

/**
 * The web app's server build (dist/server/entry-server.js), when it was built: renders a public page
 * with the same React tree the browser hydrates. Its reads go to this app through `inject` — public
 * data only, no cookies — so nothing personal enters the HTML, which is then kept per address.
 */
export class ServerRenderer {
  private readonly pages = new LruCache<string, Promise<RenderedPage>>(2_000);

  private constructor(
    private readonly entry: EntryServer,
    private readonly manifest: unknown,
    private readonly hostOf: { current?: string },
    private readonly publicHttps: boolean,
  ) {}

  static async load(webDist: string, server: FastifyInstance, publicHttps: boolean): Promise<ServerRenderer | undefined> {
    // The server build sits beside the client's (dist/server next to dist/web).
    const entryFile = join(webDist, '../server/entry-server.js');
    const viteManifest = join(webDist, '.vite/manifest.json');
    if (!existsSync(entryFile) || !existsSync(viteManifest)) return undefined;
    const entry = (await import(pathToFileURL(entryFile).href)) as EntryServer;
    const hostOf: { current?: string } = {};
    entry.setServerTransport(async (path, init) => {
      // A host the app answers to: the one the rendered page was asked for (already checked).
      const res = await server.inject({ method: (init.method ?? 'GET') as 'GET', url: path, headers: { host: hostOf.current ?? 'localhost' } });
      return new Response(res.statusCode === 204 ? null : res.payload, { status: res.statusCode, headers: res.headers as Record<string, string> });
    });
    const vm = JSON.parse(readFileSync(viteManifest, 'utf8')) as Record<string, { file: string; css?: string[] }>;
    const client = vm['index.html']!;
    const manifest = {
      routes: { __root__: { scripts: [{ attrs: { type: 'module', src: `/${client.file}` } }], css: (client.css ?? []).map((f) => `/${f}`), preloads: [] } },
    };
    return new ServerRenderer(entry, manifest, hostOf, publicHttps);
  }

  /** The page at `url` (path and query), rendered once and kept until data or build change. */
  render(url: URL): Promise<RenderedPage> {
    const key = url.pathname + url.search;
    let page = this.pages.get(key);
    if (!page) {
      page = this.renderNow(url);
      this.pages.set(key, page);
      page.catch(() => this.pages.delete(key));
    }
    return page;
  }

  private async renderNow(url: URL): Promise<RenderedPage> {
    this.hostOf.current ??= url.host;
    const response = await this.entry.render(new Request(url), this.manifest);
    const html = await response.text();
    return {
      status: response.status,
      html,
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      policy: pagePolicy(html, this.publicHttps),
    };
  }
}
