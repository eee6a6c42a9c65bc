import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { signUpVerified, type Browser } from '../../../test/accounts.ts';
import { WEB_DIST } from '../../../test/web-build.ts';
import { NEW_PAGES_PER_MINUTE } from './web.routes.ts';

/**
 * Pages rendered on the server with the web app's real server build (built by the API tests' global
 * setup when missing): the chapter in the HTML, head data from the routes, statuses, caching, and
 * nothing personal in a page anyone may be served.
 */
let app: Awaited<ReturnType<typeof startTestApp>>;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let member: Browser;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await app.server.inject({ method: 'GET', url, headers: { host: 'bible.test', ...headers } });
  const html = res.body;
  const meta = (attr: string, name: string) => {
    const m = new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1];
    return m === undefined ? undefined : decode(m);
  };
  const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  return {
    res,
    status: res.statusCode,
    html,
    // What a reader sees: the body without its scripts (the query cache travels in them too).
    text: decode(body.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' '),
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: meta('name', 'description'),
    canonical: decode(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? ''),
    ogTitle: meta('property', 'og:title'),
    ogUrl: meta('property', 'og:url'),
    ogDescription: meta('property', 'og:description'),
    twitter: meta('name', 'twitter:card'),
    robots: meta('name', 'robots'),
    jsonLd: jsonLd ? (JSON.parse(decode(jsonLd)) as Record<string, unknown>) : undefined,
  };
}

describe(`pages rendered on the server, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { WEB_DIST, SMTP_URL: inbox.url, ALLOWED_HOSTS: 'bible.test,localhost,selah.test' } });
    member = await signUpVerified(app, inbox, 'pages@example.org');
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('sends the chapter itself in the HTML: heading, verses and links to the chapters either side', async () => {
    const john = await page('/bible?book=John&chapter=3&translation=WEB');
    expect(john.status).toBe(200);
    expect(john.res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(john.text).toContain('John 3');
    // The WEB's wording, not the KJV's, in the body a reader sees.
    expect(john.text).toContain('For God so loved the world, that he gave his one and only Son');
    expect(john.text).not.toContain('only begotten Son');
    expect(john.html).toContain('href="/bible?book=John&amp;chapter=2&amp;translation=WEB"');
    expect(john.html).toContain('href="/bible?book=John&amp;chapter=4&amp;translation=WEB"');
    // Without a translation in the address: the default one.
    const kjv = await page('/bible?book=John&chapter=3');
    expect(kjv.text).toContain('only begotten Son');
  });

  it('gives a chapter its reference, translation and first verses as head data', async () => {
    const head = await page('/bible?book=John&chapter=3');
    expect(head.title).toBe('John 3 (KJV) — Selah');
    expect(head.description).toMatch(/^There was a man of the Pharisees, named Nicodemus/);
    expect(head.description!.length).toBeLessThanOrEqual(160);
    expect(head.canonical).toBe('http://bible.test/bible?book=John&chapter=3&translation=KJV');
    expect(head.ogUrl).toBe(head.canonical);
    expect(head.ogTitle).toBe('John 3 (KJV) — Selah');
    expect(head.ogDescription).toBe(head.description);
    expect(head.twitter).toBe('summary');
    expect(head.jsonLd).toMatchObject({ '@type': 'WebPage', name: 'John 3 (KJV)', mainEntity: { '@type': 'Chapter', name: 'John 3' } });
    // Exactly one of each: a page's head is its own route's, not its own and the root's.
    expect(head.html.match(/<title>/g)).toHaveLength(1);
    expect(head.html.match(/rel="canonical"/g)).toHaveLength(1);
    expect(head.html.match(/application\/ld\+json/g)).toHaveLength(1);
  });

  it('gives a verse link that verse, in the translation asked for', async () => {
    // An address written differently from the page's own is sent there first.
    const loose = await page('/bible?book=jn&chapter=11&verse=35&translation=web');
    expect([loose.status, loose.res.headers.location]).toEqual([307, '/bible?book=jn&chapter=11&verse=35&translation=WEB']);
    const head = await page('/bible?book=jn&chapter=11&verse=35&translation=WEB');
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
    expect((await page('/settings')).robots).toBe('noindex');
    expect((await page('/about')).robots).toBeUndefined();
  });

  it('declares the reading font without fetching it for the first paint, and lets browsers keep built assets for a year', async () => {
    const { html } = await page('/bible?book=John&chapter=3');
    // Nothing competes with the page itself: the faces are fetched after it has painted (lib/reading-face.ts).
    expect(html).not.toContain('rel="preload"');
    const faces = [...html.matchAll(/url\((\/assets\/literata-latin-wght-(normal|italic)-[^)]+\.woff2)\)/g)];
    expect(faces.map((m) => m[2])).toEqual(['normal', 'italic']);
    for (const [, file] of faces) {
      const res = await app.server.inject(file!);
      expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([200, 'font/woff2', 'public, max-age=31536000, immutable']);
    }
    // Files without a hash in their names are asked for again.
    expect((await app.server.inject('/favicon.svg')).headers['cache-control']).not.toContain('immutable');
  });

  it('answers paths that are no page with the app’s not-found page, a 404 and noindex', async () => {
    for (const path of ['/news/some-article', '/shared/abc123', '/bible-lessons/7', '/constructor', '/__proto__', '/no/such/page']) {
      const res = await page(path);
      expect([res.status, res.robots, res.title], path).toEqual([404, 'noindex', 'Page Not Found — Selah']);
      expect(res.text).toContain('Page Not Found');
    }
    // A missing asset is no page: a stale page must not get HTML for its script.
    const asset = await app.server.inject('/assets/gone-123.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain('application/json');
    // The build's manifest is for the server only.
    expect((await app.server.inject('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('answers a chapter past the book’s end with a 404 page that links the last chapter and every book (issue 28)', async () => {
    const john = await page('/bible?book=John&chapter=99&translation=WEB');
    expect([john.status, john.robots]).toEqual([404, 'noindex']);
    expect(john.text).toContain('John 99 is not in the Bible');
    expect(john.text).toContain('John has 21 chapters; there is no chapter 99.');
    expect(john.html).toContain('href="/bible?book=John&amp;chapter=21&amp;translation=WEB"');
    expect(john.html).toContain('href="/bible?book=Revelation&amp;chapter=1&amp;translation=WEB"');
    expect((await page('/bible?book=Hezekiah&chapter=1')).status).toBe(404);
    // A chapter that exists is still a page.
    expect((await page('/bible?book=John&chapter=21&translation=WEB')).status).toBe(200);
  });

  it('answers hostile addresses with a page, never a 5xx', async () => {
    const hostile = ['%00', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E', 'a'.repeat(5000), '-1', '1e309', 'NaN', '__proto__', '%F0%9F%99%8F'];
    for (const value of hostile) {
      for (const url of [
        `/bible?book=${value}&chapter=${value}&verse=${value}&translation=${value}`,
        `/bible?book=John&chapter=3&translation=${value}`,
        `/search?q=${value}&page=${value}`,
        `/chat?q=${value}&c=${value}`,
        `/notes?type=${value}&page=${value}`,
        `/${value}`,
      ]) {
        const res = await app.server.inject({ method: 'GET', url, headers: { host: 'bible.test' } });
        expect(res.statusCode, url.slice(0, 120)).toBeLessThan(500);
      }
    }
  });

  it('renders at most so many new pages a minute for one client, while kept pages are still served', async () => {
    const from = (ip: string, url: string) => app.server.inject({ method: 'GET', url, headers: { host: 'bible.test', 'x-forwarded-for': ip } });
    expect((await from('10.9.9.1', '/bible?book=Mark&chapter=1')).statusCode).toBe(200);
    for (let i = 0; i < NEW_PAGES_PER_MINUTE; i++) expect((await from('10.9.9.2', `/search?q=word${i}`)).statusCode).toBe(200);
    const refused = await from('10.9.9.2', '/search?q=one-too-many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many pages at once\. Please wait \d+ seconds and try again\.$/);
    // A page already kept costs nothing and is still served; another client is not held back.
    expect((await from('10.9.9.2', '/bible?book=Mark&chapter=1')).statusCode).toBe(200);
    expect((await from('10.9.9.3', '/search?q=one-too-many')).statusCode).toBe(200);
  });

  it('escapes what comes from the URL', async () => {
    const head = await page('/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(head.title).toBe('“<script>alert(1)</script>” — Search the Bible — Selah');
    expect(head.html).not.toContain('<script>alert(1)');
  });

  it('is public and cacheable: a strong ETag, 304 when it has not changed, compressed for browsers', async () => {
    const first = await page('/bible?book=Psalms&chapter=23');
    expect(first.res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = String(first.res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page('/bible?book=Psalms&chapter=23', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.html).toBe('');
    const gzip = await app.server.inject({ method: 'GET', url: '/bible?book=Psalms&chapter=23', headers: { host: 'bible.test', 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.html);
  });

  it('lets exactly its own inline scripts run (data blocks, such as the route chunks to load, are not scripts)', async () => {
    const john = await page('/bible?book=John&chapter=3');
    expect(john.html).toMatch(/<script type="application\/json" data-selah-chunks="">\["\/assets\/bible-[\w-]+\.js"/);
    const csp = String(john.res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
    const inline = [...john.html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(scriptSrc.sort()).toEqual(["'self'", ...new Set(inline)].sort());
  });

  it('never puts a signed-in person’s data in the HTML, and serves them the same page as anyone', async () => {
    expect((await member.request('POST', '/api/notes', { type: 'freeform', reference: 'John 3:16', content: 'My private thought on love' })).statusCode).toBe(
      200,
    );
    const verse = { verse: 'JOHN.3.16', reference: 'John 3:16', text: 'For God so loved the world marker-7f3a', color: 'yellow' };
    expect((await member.request('POST', '/api/highlights', verse)).statusCode).toBe(200);
    expect((await member.request('GET', '/api/auth/user')).json()).toMatchObject({ email: 'pages@example.org' });
    const signedIn = await member.request('GET', '/bible?book=John&chapter=3&translation=KJV');
    const guest = await app.server.inject({ method: 'GET', url: '/bible?book=John&chapter=3&translation=KJV', headers: { host: 'selah.test' } });
    expect(signedIn.statusCode).toBe(200);
    for (const secret of ['pages@example.org', 'My private thought', 'marker-7f3a']) expect(signedIn.body).not.toContain(secret);
    expect(signedIn.headers.etag).toBe(guest.headers.etag);
    expect(signedIn.body).toBe(guest.body);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
  });
});
