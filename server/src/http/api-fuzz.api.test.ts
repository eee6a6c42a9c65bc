import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app.ts';
import { databaseKind, startTestApp } from '../../test/test-app.ts';
import { startInbox } from '../../test/smtp-inbox.ts';
import { Browser, HOST, signUpVerified } from '../../test/accounts.ts';
import { WEB_DIST } from '../../test/web-build.ts';

/**
 * Walks every route the app registered (read from the app, never listed by hand) with hostile
 * paths, queries, bodies and headers, as a guest and signed in. No reply may be a 5xx, and every 4xx
 * of the API must say why in JSON `{ message }`.
 */

const TEXT = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '',
  ' ',
  'a'.repeat(10_000),
  '../../etc/passwd',
  "'; DROP TABLE note; --",
  '<script>alert(1)</script>',
  '\u202Eevil',
  '🙏'.repeat(50),
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  'John 3:16',
  'JOHN.3.16',
];
const VALUES: unknown[] = [...TEXT, null, true, -1, 0, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, [], ['\u0000'], {}, { a: { b: '\u0000' } }, [[[[[]]]]]];
// Percent-encodings that are no text at all: a lone '%', invalid UTF-8, a UTF-8-encoded surrogate.
const RAW_PATH = ['%00', 'a%00b', '%', '%ZZ', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '..%2F..%2Fetc', '%2e%2e', 'x'.repeat(5000)];
const BODIES: (string | undefined)[] = [
  undefined,
  '',
  'not json',
  '{',
  '[1,2',
  'null',
  '"text"',
  '12',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '['.repeat(100_000) + ']'.repeat(100_000),
  `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
  JSON.stringify({ email: `${'a'.repeat(9_000)}@example.org`, password: 'x', token: 'a\u0000b', content: 'a\u0000b', text: '\uD800' }),
  JSON.stringify({ s: 'x'.repeat(2 * 1024 * 1024) }),
];
const HEADERS: Record<string, string>[] = [
  { host: '[' },
  { host: 'a b' },
  { host: 'x:99999' },
  { host: 'evil.example' },
  { cookie: 'better-auth.session_token=garbage' },
  { cookie: `better-auth.session_token=${'x'.repeat(4000)}.${'y'.repeat(100)}` },
  { cookie: 'better-auth.session_token=%00%ZZ; =; ;;' },
  { cookie: `selah_device=${'x'.repeat(43)}` },
  { cookie: `selah_device=%00; selah_device=${'y'.repeat(5000)}` },
  { 'if-none-match': '"'.repeat(200) },
  { 'accept-encoding': 'br;q=abc, *;q=-1, gzip;q=NaN' },
  { 'content-type': 'application/json; charset=utf-16' },
  { 'content-type': 'text/plain' },
  { 'content-type': 'application/x-www-form-urlencoded' },
  { 'content-type': 'multipart/form-data; boundary=x' },
  { 'content-type': 'image/png' },
  { 'x-forwarded-for': 'not an address, ::::, 999.1.1.1' },
  { 'x-forwarded-for': '203.0.113.1, not an address' },
  { 'x-forwarded-proto': 'gopher' },
  { 'x-forwarded-host': 'evil.example' },
  { origin: 'null' },
  { origin: '::' },
  { range: 'bytes=9-1' },
];

/** A URL form of the text; a lone surrogate has none, so it goes as the UTF-8 bytes of one. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text) || '%20';
  } catch {
    return '%ED%A0%80';
  }
}

function keysOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** The route's URL with each parameter (and a wildcard) replaced by `value`. */
function fill(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);
}

interface Failure {
  who: string;
  method: string;
  url: string;
  status: number;
  body: string;
}

describe(`hostile input on every route, on ${databaseKind()}`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let member: Browser;
  let admin: Browser;
  let signIns = 0;

  beforeAll(async () => {
    inbox = await startInbox();
    // The library's repositories on a closed loopback port: an admin's refresh fails at once, offline.
    app = await startTestApp({ importDefaults: false, env: { SMTP_URL: inbox.url, WEB_DIST, SWORD_REPOSITORIES: 'Closed=http://127.0.0.1:9/sword' } });
    member = await signUpVerified(app, inbox, 'fuzz@example.org', 'fuzz password', '10.250.0.1');
    admin = await signUpVerified(app, inbox, 'fuzz-admin@example.org', 'fuzz admin password', '10.250.0.2');
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'fuzz-admin@example.org'));
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  /** Signed in again whenever a fuzzed request (sign-out, say) ended the session. */
  async function signedIn(): Promise<Browser> {
    if ((await member.request('GET', '/api/auth/user')).statusCode === 200) return member;
    member = await signIn('fuzz@example.org', 'fuzz password');
    return member;
  }

  async function signedInAdmin(): Promise<Browser> {
    if ((await admin.request('GET', '/api/auth/user')).statusCode === 200) return admin;
    admin = await signIn('fuzz-admin@example.org', 'fuzz admin password');
    return admin;
  }

  async function signIn(email: string, password: string): Promise<Browser> {
    signIns++;
    const browser = new Browser(app, `10.250.1.${signIns}`);
    const res = await browser.request('POST', '/api/auth/sign-in/email', { email, password });
    if (res.statusCode !== 200) throw new Error(`could not sign in again: ${res.statusCode} ${res.body}`);
    return browser;
  }

  async function send(
    who: Browser,
    route: RouteEntry,
    url: string,
    payload: string | undefined,
    headers: Record<string, string>,
    failures: Failure[],
    name: string,
  ) {
    const withBody = payload !== undefined && route.method !== 'GET' && route.method !== 'HEAD';
    const res = await who.request(route.method as 'GET', url, withBody ? payload : undefined, {
      ...(withBody && { 'content-type': 'application/json' }),
      host: HOST,
      ...headers,
    });
    const api = url.startsWith('/api/');
    const saysWhy = (() => {
      try {
        return typeof JSON.parse(res.body).message === 'string';
      } catch {
        return false;
      }
    })();
    if (res.statusCode >= 500 || (api && res.statusCode >= 400 && !saysWhy)) {
      failures.push({ who: name, method: route.method, url: url.slice(0, 120), status: res.statusCode, body: res.body.slice(0, 200) });
    }
    return res.statusCode;
  }

  async function fuzz(
    name: string,
    browser: () => Promise<Browser>,
    only: (route: RouteEntry) => boolean = () => true,
  ): Promise<{ requests: number; failures: Failure[] }> {
    const failures: Failure[] = [];
    let requests = 0;
    const routes = app.routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && only(r));
    for (const route of routes) {
      const who = await browser();
      const base = fill(route.url, 'x');
      const go = async (url: string, payload?: string, headers: Record<string, string> = {}) => {
        requests++;
        return send(who, route, url, payload, headers, failures, name);
      };
      // Paths: every parameter as hostile text, and as raw percent-encodings.
      if (/[:*]/.test(route.url)) {
        for (const t of TEXT) await go(fill(route.url, encode(t)));
        for (const raw of RAW_PATH) await go(fill(route.url, raw));
      }
      // Queries: each known key as hostile text, repeated, and unknown keys.
      for (const key of [...keysOf(route.schema?.querystring), 'unknown']) {
        for (const t of TEXT) await go(`${base}?${key}=${encode(t)}`);
        await go(`${base}?${key}=a&${key}=b&${key}[x]=c`);
        for (const raw of RAW_PATH.slice(0, 6)) await go(`${base}?${key}=${raw}`);
      }
      if (route.method !== 'GET') {
        // Bodies: whole hostile bodies, and each known field set to each hostile value.
        for (const b of BODIES) await go(base, b);
        for (const key of keysOf(route.schema?.body)) {
          for (const v of VALUES) await go(base, JSON.stringify({ [key]: v }));
        }
      }
      // Headers, with a plausible body, from a copy of the browser: a hostile cookie's reply clears the
      // session cookie, and the real one would have to sign in again (a password hash) for the next route.
      const scratch = who.clone();
      for (const h of HEADERS) {
        requests++;
        await send(scratch, route, base, route.method === 'GET' ? undefined : '{}', h, failures, name);
      }
    }
    return { requests, failures };
  }

  it('answers a guest with no 5xx and says why for every refusal', async () => {
    const guest = new Browser(app, '10.250.2.1');
    expect(app.routes.length).toBeGreaterThan(30);
    const { requests, failures } = await fuzz('guest', async () => guest);
    console.log(`API fuzz as a guest: ${requests} requests, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });

  it('answers a signed-in person with no 5xx and says why for every refusal', async () => {
    const { requests, failures } = await fuzz('signed in', signedIn);
    console.log(`API fuzz signed in: ${requests} requests, ${failures.length} failures, ${signIns} fresh sign-ins`);
    expect(failures).toEqual([]);
  });

  // Last: an admin's requests reach what the others are refused at the gate (the library, users, content),
  // and may change the site for the tests after them.
  it('answers an admin on the admin routes with no 5xx and says why for every refusal', async () => {
    const adminRoutes = (route: RouteEntry) => route.url.startsWith('/api/admin/');
    expect(app.routes.filter(adminRoutes).length).toBeGreaterThan(15);
    const { requests, failures } = await fuzz('admin', signedInAdmin, adminRoutes);
    console.log(`API fuzz as an admin: ${requests} requests, ${failures.length} failures, ${signIns} fresh sign-ins`);
    expect(failures).toEqual([]);
  });
});
