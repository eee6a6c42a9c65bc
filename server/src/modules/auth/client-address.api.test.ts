import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { Browser } from '../../../test/accounts.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;

async function signInAttempts(claimAddresses: boolean): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < 12; i++) {
    // A different account each time, so only the per-address limit (10 a minute) can answer 429.
    const headers: Record<string, string> = claimAddresses ? { 'x-forwarded-for': `10.9.${i}.1`, 'x-real-ip': `10.9.${i}.1` } : {};
    const res = await new Browser(app).request('POST', '/api/auth/sign-in/email', { email: `reader${i}@example.org`, password: 'not the password' }, headers);
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe(`client addresses without a trusted proxy, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    app = await startTestApp({ importDefaults: false, env: { TRUST_PROXY: 'off' } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('ignores X-Forwarded-For, so naming other addresses does not step around the sign-in limit', async () => {
    const statuses = await signInAttempts(true);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe(`client addresses behind one trusted proxy (TRUST_PROXY=1), on ${databaseKind()}`, () => {
  let proxied: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    proxied = await startTestApp({ importDefaults: false, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await proxied?.stop();
  });

  it('believes only the address the nearest proxy added: a left-most address the client sent changes nothing', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      // What nginx's `proxy_add_x_forwarded_for` sends on: the client's own header, then the address it saw.
      const headers = { 'x-forwarded-for': `10.9.${i}.1, 198.51.100.7`, 'x-real-ip': `10.9.${i}.1` };
      const res = await new Browser(proxied).request(
        'POST',
        '/api/auth/sign-in/email',
        { email: `reader${i}@example.org`, password: 'not the password' },
        headers,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // Another client behind the same proxy is not held back.
    const other = await new Browser(proxied, '198.51.100.8').request('POST', '/api/auth/sign-in/email', {
      email: 'reader0@example.org',
      password: 'not the password',
    });
    expect(other.statusCode).toBe(401);
  });

  it('reads the scheme and host the nearest proxy set', async () => {
    const res = await proxied.server.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'localhost', 'x-forwarded-for': '198.51.100.9', 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'evil.example, selah.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});

describe(`client addresses behind proxies named by address, on ${databaseKind()}`, () => {
  let named: Awaited<ReturnType<typeof startTestApp>>;
  afterAll(async () => {
    await named?.stop();
  });

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    // inject() comes from 127.0.0.1: not one of the listed proxies, so its header is the client's own claim.
    named = await startTestApp({ importDefaults: false, env: { TRUST_PROXY: '10.0.0.0/8' } });
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const res = await new Browser(named, `10.9.${i}.1`).request('POST', '/api/auth/sign-in/email', {
        email: `reader${i}@example.org`,
        password: 'not the password',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(10)).toEqual([429]);
  });
});
