import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

async function rateLimitRows(): Promise<number> {
  const { rows } = await app.database.db.execute(sql`SELECT count(*)::int AS n FROM rate_limit`);
  return Number((rows[0] as { n: number }).n);
}

/** Rows of known places that name the account in the clear (there should be none). */
async function knownRows(email: string): Promise<number> {
  const { rows } = await app.database.db.execute(
    sql`SELECT count(*)::int AS n FROM sign_in_known WHERE key LIKE ${`%${email}%`} OR account LIKE ${`%${email}%`}`,
  );
  return Number((rows[0] as { n: number }).n);
}

describe(`accounts on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ importDefaults: false, env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('answers 401 for a guest on GET /api/auth/user', async () => {
    const res = await new Browser(app).request('GET', '/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not signed in.' });
  });

  it('signs up, sends a real verification mail over SMTP, and the link signs the user in', async () => {
    const browser = new Browser(app);
    const signUp = await browser.request('POST', '/api/auth/sign-up/email', { email: 'ruth@example.org', password: 'whither thou goest', name: 'Ruth' });
    expect(signUp.statusCode).toBe(200);
    // Not verified yet: signing in is refused.
    const early = await browser.request('POST', '/api/auth/sign-in/email', { email: 'ruth@example.org', password: 'whither thou goest' });
    expect(early.statusCode).toBe(403);
    const mail = await inbox.waitFor('ruth@example.org', /Confirm your email/);
    const link = new URL(inbox.link(mail));
    expect(link.pathname).toBe('/api/auth/verify-email');
    await browser.request('GET', link.pathname + link.search);
    const me = await browser.request('GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ruth@example.org',
      displayName: null,
      isCustomAuth: true,
      role: 'user',
      emailVerified: true,
      profileImageUrl: null,
    });
  });

  it('signs in and out, by /api/logout and by /api/auth/custom-logout', async () => {
    await signUpVerified(app, inbox, 'boaz@example.org');
    for (const path of ['/api/logout', '/api/auth/custom-logout']) {
      const browser = new Browser(app);
      const signIn = await browser.request('POST', '/api/auth/sign-in/email', { email: 'boaz@example.org', password: 'correct horse battery' });
      expect(signIn.statusCode).toBe(200);
      expect(String(signIn.headers['set-cookie'])).toMatch(/HttpOnly/i);
      expect(String(signIn.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
      expect((await browser.request('GET', '/api/auth/user')).statusCode).toBe(200);
      const out = await browser.request('GET', path);
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('/');
      expect((await browser.request('GET', '/api/auth/user')).statusCode).toBe(401);
    }
  });

  it('refuses passwords under 8 characters and wrong passwords with a message', async () => {
    const browser = new Browser(app);
    const short = await browser.request('POST', '/api/auth/sign-up/email', { email: 'naomi@example.org', password: 'short', name: 'Naomi' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/password/i);
    const wrong = await browser.request('POST', '/api/auth/sign-in/email', { email: 'boaz@example.org', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBeTruthy();
  });

  it('resets a forgotten password through the mailed link, without telling who has an account', async () => {
    const browser = new Browser(app);
    const known = await browser.request('POST', '/api/auth/request-password-reset', { email: 'boaz@example.org', redirectTo: '/reset-password' });
    const unknown = await browser.request('POST', '/api/auth/request-password-reset', { email: 'nobody@example.org', redirectTo: '/reset-password' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await inbox.waitFor('boaz@example.org', /Reset your Selah password/);
    const link = new URL(inbox.link(mail));
    const follow = await browser.request('GET', link.pathname + link.search);
    expect(follow.statusCode).toBe(302);
    const token = new URL(follow.headers.location as string, 'http://x').searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await browser.request('POST', '/api/auth/reset-password', { newPassword: 'a brand new password', token });
    expect(reset.statusCode).toBe(200);
    const signIn = await browser.request('POST', '/api/auth/sign-in/email', { email: 'boaz@example.org', password: 'a brand new password' });
    expect(signIn.statusCode).toBe(200);
    expect(inbox.messages.filter((m) => m.to.includes('nobody@example.org'))).toHaveLength(0);
  });

  it('keeps guessing slow without letting strangers lock the owner out', async () => {
    await signUpVerified(app, inbox, 'target@example.org', 'the real password', '10.7.0.1');
    const attempt = (ip: string, password: string) =>
      new Browser(app).request('POST', '/api/auth/sign-in/email', { email: 'target@example.org', password }, { 'x-forwarded-for': ip });
    // Twelve wrong guesses, each from a different address: the account has had too many.
    for (let i = 0; i < 12; i++) expect((await attempt(`10.8.0.${i}`, `guess ${i}`)).statusCode).toBe(401);
    // An address that has failed on this account must now wait, even with the right password…
    const again = await attempt('10.8.0.3', 'the real password');
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Too many attempts for this account\. Please wait \d+ minutes and try again\.$/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // …a fresh address gets one guess, no more…
    expect((await attempt('10.8.1.1', 'another guess')).statusCode).toBe(401);
    expect((await attempt('10.8.1.1', 'the real password')).statusCode).toBe(429);
    // …and the owner, from an address that never failed, signs in.
    expect((await attempt('10.8.2.1', 'the real password')).statusCode).toBe(200);
  });

  it('lets the owner in from places that signed in before while a hundred strangers hold the account, and a completed reset lifts the hold', async () => {
    await signUpVerified(app, inbox, 'keeper@example.org', 'the real password', '10.6.0.1');
    const signIn = (browser: Browser, ip: string, password: string) =>
      browser.request('POST', '/api/auth/sign-in/email', { email: 'keeper@example.org', password }, { 'x-forwarded-for': ip });
    const home = new Browser(app);
    const laptop = new Browser(app);
    expect((await signIn(home, '10.6.0.1', 'the real password')).statusCode).toBe(200);
    const first = await signIn(laptop, '10.6.0.2', 'the real password');
    expect(first.statusCode).toBe(200);
    const device = [first.headers['set-cookie']].flat().find((c) => c?.startsWith('selah_device='));
    expect(device).toMatch(/^selah_device=[\w-]{43}; Max-Age=31536000; Path=\/api; HttpOnly; SameSite=Lax$/);
    expect(await knownRows('keeper@example.org')).toBe(0); // kept only as hashes

    // A hundred addresses, one wrong password each.
    for (let i = 0; i < 100; i++) expect((await signIn(new Browser(app), `10.5.${Math.floor(i / 50)}.${i % 50}`, `guess ${i}`)).statusCode).toBe(401);
    const stranger = await signIn(new Browser(app), '10.5.9.9', 'the real password');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/You can also reset your password: we will email you a link\.$/);

    // The address that signed in before, and the device from an address it never used, are let in.
    expect((await signIn(new Browser(app), '10.6.0.1', 'the real password')).statusCode).toBe(200);
    expect((await signIn(laptop, '10.6.7.7', 'the real password')).statusCode).toBe(200);

    // The reset the message offers proves the mailbox: the account starts afresh, from anywhere.
    const browser = new Browser(app, '10.6.8.8');
    expect((await browser.request('POST', '/api/auth/request-password-reset', { email: 'keeper@example.org', redirectTo: '/reset-password' })).statusCode).toBe(
      200,
    );
    const mail = await inbox.waitFor('keeper@example.org', /Reset your Selah password/);
    const link = new URL(inbox.link(mail));
    const token = new URL((await browser.request('GET', link.pathname + link.search)).headers.location as string, 'http://x').searchParams.get('token');
    expect((await browser.request('POST', '/api/auth/reset-password', { newPassword: 'a brand new password', token })).statusCode).toBe(200);
    expect((await signIn(new Browser(app), '10.5.9.10', 'a brand new password')).statusCode).toBe(200);
    expect((await signIn(new Browser(app), '10.5.0.3', 'a brand new password')).statusCode).toBe(200); // one of the hundred
  });

  it('writes no limiter rows for attempts the per-address limit refuses first, and keeps rows small whatever the email', async () => {
    const before = await rateLimitRows();
    const statuses = [];
    for (let i = 0; i < 30; i++) {
      const res = await new Browser(app).request(
        'POST',
        '/api/auth/sign-in/email',
        { email: `stranger${i}-${'x'.repeat(200)}@example.org`, password: 'nope' },
        { 'x-forwarded-for': '10.9.9.9' },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Ten failures (an account row and an address row each) and better-auth's one row for the address.
    expect((await rateLimitRows()) - before).toBeLessThanOrEqual(21);
    const long = await new Browser(app).request('POST', '/api/auth/sign-in/email', { email: `${'a'.repeat(9000)}@example.org`, password: 'x' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('An email address can be at most 254 characters.');
  });

  it('refuses cross-site writes to the API', async () => {
    const res = await new Browser(app).request(
      'POST',
      '/api/notes',
      { type: 'freeform', content: 'x', reference: 'John 3:16' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused.' });
  });
});

describe('npm run admin', () => {
  it('grants the admin role to an existing account, and says when there is none', async () => {
    const { spawnSync } = await import('node:child_process');
    const { rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { openDatabase } = await import('../../db/client.ts');
    const { users } = await import('../../db/schema.ts');
    const { newDataFolder } = await import('../../../test/prepared-databases.ts');
    const databaseUrl = process.env.TEST_DATABASE_URL;
    // Begun from the prepared database (migrated), as a site's data folder is after its first start.
    const dataDir = newDataFolder('selah-admin-', { DATABASE_URL: databaseUrl });
    const env = { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const root = new URL('../../../../', import.meta.url).pathname;
    const admin = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/admin.ts'), ...args], { cwd: root, env, encoding: 'utf8' });
    try {
      const db = await openDatabase({ databaseUrl, dataDir });
      await db.db.insert(users).values({ id: 'u-admin-test', name: 'Deborah', email: 'deborah@example.org', emailVerified: true }).onConflictDoNothing();
      await db.close();
      const missing = admin('grant', 'nobody@example.org');
      expect(missing.status).toBe(1);
      expect(missing.stderr.trim()).toBe('No account with email nobody@example.org.');
      const granted = admin('grant', 'Deborah@example.org');
      expect(granted.stdout.trim()).toBe('deborah@example.org is now an admin.');
      const check = await openDatabase({ databaseUrl, dataDir });
      const { eq } = await import('drizzle-orm');
      const [row] = await check.db.select({ role: users.role }).from(users).where(eq(users.id, 'u-admin-test'));
      await check.db.delete(users).where(eq(users.id, 'u-admin-test'));
      await check.close();
      expect(row?.role).toBe('admin');
      expect(admin('frob').status).toBe(2);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
