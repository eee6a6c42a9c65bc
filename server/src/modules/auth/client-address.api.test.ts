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
