import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { PAGES } from './head.ts';

const dist = mkdtempSync(join(tmpdir(), 'selah-web-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>Selah</title><meta name="description" content="default" /></head><body><div id="root"></div></body></html>',
);
let app: Awaited<ReturnType<typeof startTestApp>>;

async function page(url: string) {
  const res = await app.server.inject({ method: 'GET', url, headers: { host: 'bible.test' } });
  const html = res.body;
  const meta = (attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1];
  const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  return {
    status: res.statusCode,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('name', 'description'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    twitter: meta('name', 'twitter:card'),
    robots: meta('name', 'robots'),
    jsonLd: jsonLd ? JSON.parse(jsonLd) : undefined,
    preloads: [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
  };
}

describe(`page head data written by the server, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    app = await startTestApp({ env: { WEB_DIST: dist, ALLOWED_HOSTS: 'bible.test,localhost' } });
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('gives a chapter its reference, translation and first verses', async () => {
    const head = await page('/bible?book=John&chapter=3');
    expect(head.status).toBe(200);
    expect(head.title).toBe('John 3 (KJV) — Selah');
    expect(head.description).toMatch(/^There was a man of the Pharisees, named Nicodemus/);
    expect(head.description!.length).toBeLessThanOrEqual(160);
    expect(head.canonical).toBe('http://bible.test/bible?book=John&amp;chapter=3&amp;translation=KJV');
    expect(head.ogTitle).toBe('John 3 (KJV) — Selah');
    expect(head.ogDescription).toBe(head.description);
    expect(head.twitter).toBe('summary');
    expect(head.jsonLd).toMatchObject({ '@type': 'WebPage', name: 'John 3 (KJV)', mainEntity: { '@type': 'Chapter', name: 'John 3' } });
  });

  it("preloads the reader's first two API replies, as the reader will ask for them", async () => {
    expect((await page('/bible?book=John&chapter=3')).preloads).toEqual(['/api/bible/available-books/KJV', '/api/bible/content/John/3?translation=KJV']);
    const web = await page('/bible?book=1%20John&chapter=2&translation=web');
    expect(web.preloads).toEqual(['/api/bible/available-books/WEB', '/api/bible/content/1%20John/2?translation=WEB']);
    for (const url of web.preloads) expect((await app.server.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await page('/bible')).preloads).toEqual(['/api/bible/available-books/KJV', '/api/bible/content/Genesis/1?translation=KJV']);
    expect((await page('/bible?translation=NOPE')).preloads).toEqual([]);
    expect((await page('/search?q=love')).preloads).toEqual([]);
  });

  it('gives a verse link that verse, in the translation asked for', async () => {
    const head = await page('/bible?book=jn&chapter=11&verse=35&translation=web');
    expect(head.title).toBe('John 11:35 (WEB) — Selah');
    expect(head.description).toBe('Jesus wept.');
  });

  it('describes the home page with a site search action, and search pages as not for indexing', async () => {
    const home = await page('/');
    expect(home.title).toBe('Selah — Read and study the Bible');
    expect(home.jsonLd).toMatchObject({ '@type': 'WebSite', potentialAction: { target: 'http://bible.test/search?q={search_term_string}' } });
    const search = await page('/search?q=love');
    expect(search.title).toBe('“love” — Search the Bible — Selah');
    expect(search.robots).toBe('noindex');
  });

  it('knows exactly the pages the web app routes', () => {
    const routes = readdirSync(new URL('../../../../web/src/routes', import.meta.url))
      .filter((f) => f.endsWith('.tsx') && !f.startsWith('__'))
      .map((f) => `/${f.replace(/\.tsx$/, '').replace(/^index$/, '')}`);
    expect(Object.keys(PAGES).sort()).toEqual(routes.sort());
  });

  it('answers paths the app does not route (spec routes still to be built among them) with 404 and noindex', async () => {
    for (const path of ['/rankings', '/news/some-article', '/shared/abc123', '/bible-lessons/7', '/constructor', '/__proto__']) {
      const res = await page(path);
      expect([res.status, res.robots], path).toEqual([404, 'noindex']);
    }
  });

  it('answers unknown pages with 404 and noindex, and never serves HTML for a missing asset', async () => {
    const missing = await page('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.robots).toBe('noindex');
    expect(missing.title).toBe('Page Not Found — Selah');
    const asset = await app.server.inject('/assets/gone-123.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain('application/json');
  });

  it('escapes what comes from the URL', async () => {
    const head = await page('/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(head.title).toBe('“&lt;script&gt;alert(1)&lt;/script&gt;” — Search the Bible — Selah');
  });
});
