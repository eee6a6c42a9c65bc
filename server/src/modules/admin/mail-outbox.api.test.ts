import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxPage } from '#common/contracts/admin.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { Browser } from '../../../test/accounts.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { MAIL_OUTBOX_KEPT } from '../auth/mail-outbox.ts';

type App = Awaited<ReturnType<typeof startTestApp>>;
const PASSWORD = 'correct horse battery';

describe(`the mail outbox, shared by every process when there is no SMTP relay (${databaseKind()})`, () => {
  let a: App;
  let b: App;
  let admin: Browser;

  const signUp = async (app: App, email: string, ip: string) => {
    const browser = new Browser(app, ip);
    const res = await browser.request('POST', '/api/auth/sign-up/email', { email, password: PASSWORD, name: email.split('@')[0] });
    expect(res.statusCode, res.body).toBe(200);
    return browser;
  };
  const outbox = async (who: Browser, page = 1) => {
    const res = await who.request('GET', `/api/admin/mail?page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OutboxPage;
  };

  beforeAll(async () => {
    // No SMTP_URL: mail is kept, not sent.
    a = await startTestApp({ importDefaults: false });
    b = await startTestApp({ importDefaults: false, beside: a });
    await signUp(a, 'junia@example.org', '10.33.0.1');
    await a.database.db.update(users).set({ role: 'admin', emailVerified: true }).where(eq(users.email, 'junia@example.org'));
    admin = new Browser(b, '10.33.0.1');
    const signIn = await admin.request('POST', '/api/auth/sign-in/email', { email: 'junia@example.org', password: PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('lists on one process the mail another kept, newest first, and its link works there', async () => {
    const first = await outbox(admin);
    expect(first.relayed).toBe(false);
    expect(first.messages.map((m) => [m.to, m.subject])).toEqual([['junia@example.org', 'Confirm your email for Selah']]);

    const reader = await signUp(a, 'andronicus@example.org', '10.33.0.2');
    const after = await outbox(admin);
    expect(after.total).toBe(2);
    const [newest] = after.messages;
    expect(newest).toMatchObject({ to: 'andronicus@example.org', subject: 'Confirm your email for Selah' });
    expect(Date.parse(newest!.at)).toBeGreaterThanOrEqual(Date.parse(after.messages[1]!.at));
    // The confirmation link, read from the outbox on B, confirms the account made on A.
    const link = new URL(/https?:\/\/\S+/.exec(newest!.text)![0]);
    expect((await reader.request('GET', link.pathname + link.search)).statusCode).toBeLessThan(400);
    const [row] = await b.database.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, 'andronicus@example.org'));
    expect(row?.verified).toBe(true);
  });

  it('is for admins only, and checks its page number', async () => {
    const reader = new Browser(b, '10.33.0.2');
    expect((await reader.request('GET', '/api/admin/mail')).statusCode).toBe(401);
    await reader.request('POST', '/api/auth/sign-in/email', { email: 'andronicus@example.org', password: PASSWORD });
    const refused = await reader.request('GET', '/api/admin/mail');
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'This page is for administrators only.' }]);
    for (const page of ['0', '-1', 'two', '1e9']) {
      const res = await admin.request('GET', `/api/admin/mail?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect((await admin.request('GET', '/api/admin/mail')).headers['cache-control']).toBe('no-store');
  });

  it(`keeps the newest ${MAIL_OUTBOX_KEPT}, a page at a time`, async () => {
    const old = Array.from({ length: MAIL_OUTBOX_KEPT + 10 }, (_, i) => ({
      id: randomUUID(),
      at: new Date(Date.UTC(2020, 0, 1, 0, i)),
      recipient: `old${i}@example.org`,
      subject: 'Old',
      text: 'Old mail.',
      message: 'Subject: Old\n\nOld mail.',
    }));
    await a.database.db.insert(mailOutbox).values(old);
    await signUp(b, 'rufus@example.org', '10.33.0.3');
    const counted = await a.database.db.execute(sql`SELECT count(*)::int AS n FROM mail_outbox`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(MAIL_OUTBOX_KEPT);
    const first = await outbox(admin);
    expect([first.total, first.pageCount, first.messages.length]).toEqual([MAIL_OUTBOX_KEPT, MAIL_OUTBOX_KEPT / 20, 20]);
    expect(first.messages[0]!.to).toBe('rufus@example.org');
    const last = await outbox(admin, first.pageCount);
    // The oldest went first: of the 513 written, the 13 oldest.
    expect(last.messages.at(-1)!.to).toBe('old13@example.org');
    expect((await outbox(admin, first.pageCount + 1)).messages).toEqual([]);
  });
});
