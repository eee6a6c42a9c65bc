import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

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
    expect(me.json()).toMatchObject({ email: 'ruth@example.org', displayName: null, isCustomAuth: true, role: 'user', emailVerified: true, profileImageUrl: null });
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

  it('limits sign-in attempts per account, whatever address they come from', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      const res = await new Browser(app).request('POST', '/api/auth/sign-in/email', { email: 'target@example.org', password: `guess ${i}` }, { 'x-forwarded-for': `10.0.0.${i}` });
      last = res.statusCode;
      if (last === 429) {
        expect(res.json().message).toMatch(/^Too many attempts for this account\. Please wait \d+ minutes and try again\.$/);
        break;
      }
    }
    expect(last).toBe(429);
  });

  it('refuses cross-site writes to the API', async () => {
    const res = await new Browser(app).request('POST', '/api/notes', { type: 'freeform', content: 'x', reference: 'John 3:16' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused.' });
  });
});

describe('npm run admin', () => {
  it('grants the admin role to an existing account, and says when there is none', async () => {
    const { spawnSync } = await import('node:child_process');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openDatabase } = await import('../../db/client.ts');
    const { users } = await import('../../db/schema.ts');
    const dataDir = mkdtempSync(join(tmpdir(), 'selah-admin-'));
    const databaseUrl = process.env.TEST_DATABASE_URL;
    const env = { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const root = new URL('../../../../', import.meta.url).pathname;
    const admin = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/admin.ts'), ...args], { cwd: root, env, encoding: 'utf8' });
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
