import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../test/test-app.ts';
import { startInbox } from '../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../test/accounts.ts';
import { WEB_DIST } from '../../test/web-build.ts';

const dist = WEB_DIST;

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let inbox: Awaited<ReturnType<typeof startInbox>>;

describe(`hosts, links and browser protections on ${databaseKind()}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ importDefaults: false, env: { SMTP_URL: inbox.url, WEB_DIST: dist, ALLOWED_HOSTS: 'selah.test,bible.lan:8080' } });
    await signUpVerified(app, inbox, 'hannah@example.org');
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('refuses a poisoned Host before it reaches auth: no reset mail carries the attacker’s address', async () => {
    for (const headers of [{ host: 'evil.example' }, { host: 'selah.test', 'x-forwarded-host': 'evil.example' }] as Record<string, string>[]) {
      const res = await new Browser(app).request(
        'POST',
        '/api/auth/request-password-reset',
        { email: 'hannah@example.org', redirectTo: '/reset-password' },
        { ...headers, origin: 'http://evil.example' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/ALLOWED_HOSTS/);
    }
    // The same request under a trusted name mails a link to that name only.
    const ok = await new Browser(app).request('POST', '/api/auth/request-password-reset', { email: 'hannah@example.org', redirectTo: '/reset-password' });
    expect(ok.statusCode).toBe(200);
    const mail = await inbox.waitFor('hannah@example.org', /Reset your Selah password/);
    expect(new URL(inbox.link(mail)).origin).toBe('http://selah.test');
    // The refused requests sent nothing: that was the only mail.
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.messages.filter((m) => m.to.includes('hannah@example.org'))).toEqual([]);
  });

  it('answers a malformed Host with 400, never 500', async () => {
    for (const host of ['[', 'a b', 'x:99999', 'x:0', 'selah.test:', 'selah.test:80:80', '', '..', 'a'.repeat(300)]) {
      const res = await app.server.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('serves allowed names: each with its own port, or any port when none is given', async () => {
    const get = (host: string) => app.server.inject({ method: 'GET', url: '/api/health', headers: { host } });
    expect((await get('SELAH.test')).statusCode).toBe(200);
    expect((await get('selah.test:3000')).statusCode).toBe(200);
    expect((await get('bible.lan:8080')).statusCode).toBe(200);
    expect((await get('bible.lan:8081')).statusCode).toBe(400);
    expect((await get('bible.lan')).statusCode).toBe(400);
  });

  it('puts the trusted origin, never a forwarded one, into canonical and og:url', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/about', headers: { host: 'bible.lan:8080' } });
    expect(res.body).toContain('<link rel="canonical" href="http://bible.lan:8080/about"/>');
    const forwarded = await app.server.inject({ method: 'GET', url: '/about', headers: { host: 'bible.lan:8080', 'x-forwarded-host': 'evil.example' } });
    expect(forwarded.statusCode).toBe(400);
  });

  it('sends browser protections with every reply, and a page CSP that runs only the app and its own inline script', async () => {
    // Any reply: no sniffing, no cross-origin reads, nothing may run or frame it.
    const asset = readdirSync(join(dist, 'assets')).find((f) => f.endsWith('.js'))!;
    for (const url of ['/api/health', '/api/nope', `/assets/${asset}`]) {
      const res = await app.server.inject({ method: 'GET', url, headers: { host: 'selah.test' } });
      expect(res.headers, url).toMatchObject({ 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'none'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http: no HSTS
    }

    const page = await app.server.inject({ method: 'GET', url: '/bible', headers: { host: 'selah.test' } });
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    // The page's own inline scripts (the theme, the router's data) and nothing else; JSON data blocks are not scripts.
    const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
    );
    expect(inline.length).toBeGreaterThan(1);
    expect(scriptSrc.split(' ').sort()).toEqual(["'self'", ...new Set(inline)].sort());
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(page.headers['permissions-policy']).toContain('camera=()');
  });
});

describe(`behind a TLS proxy, on ${databaseKind()}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ importDefaults: false, env: { SMTP_URL: inbox.url, TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('marks every cookie Secure and sends HSTS when the proxy says https, even without PUBLIC_URL', async () => {
    const https = { 'x-forwarded-proto': 'https', origin: 'https://selah.test' };
    const browser = new Browser(app);
    await browser.request('POST', '/api/auth/sign-up/email', { email: 'lydia@example.org', password: 'purple cloth seller' }, https);
    const mail = await inbox.waitFor('lydia@example.org', /Confirm your email/);
    const link = new URL(inbox.link(mail));
    expect(link.protocol).toBe('https:');
    const verified = await browser.request('GET', link.pathname + link.search, undefined, https);
    const cookies = [verified.headers['set-cookie']].flat().filter(Boolean) as string[];
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
    expect(verified.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    // Plain http through the same proxy: no Secure added.
    const plain = await new Browser(app).request('POST', '/api/auth/sign-in/email', { email: 'lydia@example.org', password: 'purple cloth seller' });
    for (const c of [plain.headers['set-cookie']].flat().filter(Boolean) as string[]) expect(c).not.toMatch(/;\s*Secure/i);
  });

  it('refuses a forwarded protocol that is neither http nor https', async () => {
    const res = await new Browser(app).request('GET', '/api/health', undefined, { 'x-forwarded-proto': 'javascript' });
    expect(res.statusCode).toBe(400);
  });
});

describe(`with an https PUBLIC_URL, on ${databaseKind()}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ importDefaults: false, env: { PUBLIC_URL: 'https://bible.example.org', WEB_DIST: dist, ALLOWED_HOSTS: 'selah.test' } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('links to PUBLIC_URL whatever allowed name the request used, with HSTS and upgrade-insecure-requests', async () => {
    for (const host of ['selah.test', 'bible.example.org']) {
      const res = await app.server.inject({ method: 'GET', url: '/about', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<link rel="canonical" href="https://bible.example.org/about"/>');
      expect(res.body).toContain('<meta property="og:url" content="https://bible.example.org/about"/>');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    }
    expect((await app.server.inject({ method: 'GET', url: '/about', headers: { host: 'evil.example' } })).statusCode).toBe(400);
  });
});
