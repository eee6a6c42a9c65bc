import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersPage } from '#common/contracts/admin.ts';
import { SHARE_PRESETS } from '#common/pictures/rules.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { pictures, users } from '../../db/schema.ts';
import { ACCOUNT_DISABLED } from '../auth/auth.service.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const PASSWORD = 'correct horse battery';
const dataDir = mkdtempSync(join(tmpdir(), 'selah-users-'));

describe(`accounts in the admin panel on ${databaseKind()}`, () => {
  let admin: Browser;
  let demas: Browser;
  let demasId: string;
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url, DATA_DIR: dataDir } });
    admin = await signUpVerified(app, inbox, 'barnabas@example.org', PASSWORD, '10.12.0.1');
    demas = await signUpVerified(app, inbox, 'demas@example.org', PASSWORD, '10.12.0.2');
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'barnabas@example.org'));
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds accounts by email, and gives one the author role', async () => {
    const found = (await admin.request('GET', '/api/admin/users?q=DEMAS')).json() as UsersPage;
    expect(found.users.map((u) => u.email)).toEqual(['demas@example.org']);
    demasId = found.users[0]!.id;
    // ILIKE's wildcards are taken as written.
    expect(((await admin.request('GET', '/api/admin/users?q=%25')).json() as UsersPage).total).toBe(0);
    expect((await admin.request('PUT', `/api/admin/users/${demasId}`, { role: 'author' })).statusCode).toBe(200);
    expect((await demas.request('GET', '/api/auth/user')).json()).toMatchObject({ role: 'author' });
    const self = (await admin.request('GET', '/api/admin/users?q=barnabas')).json() as UsersPage;
    const refused = await admin.request('PUT', `/api/admin/users/${self.users[0]!.id}`, { role: 'user' });
    expect(refused.json()).toEqual({ message: 'You cannot change your own account here.' });
    // A change of nothing is said to be one, not answered as done (for an account that is not there either).
    for (const id of [demasId, 'no-such-account']) {
      const empty = await admin.request('PUT', `/api/admin/users/${id}`, {});
      expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'Nothing to change.' }]);
    }
  });

  it('disables an account: signed out everywhere, refused at sign-in, and let in again once enabled', async () => {
    await admin.request('PUT', `/api/admin/users/${demasId}`, { disabled: true });
    expect((await demas.request('GET', '/api/notes')).statusCode).toBe(401);
    const again = new Browser(app, '10.12.0.3');
    const signIn = () => again.request('POST', '/api/auth/sign-in/email', { email: 'demas@example.org', password: PASSWORD });
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ACCOUNT_DISABLED });
    expect((await again.request('GET', '/api/notes')).json()).toEqual([]);
    await admin.request('PUT', `/api/admin/users/${demasId}`, { disabled: false });
    expect((await signIn()).statusCode).toBe(200);
    expect((await again.request('POST', '/api/notes', { type: 'freeform', content: 'Back again', reference: 'Colossians 4:14' })).statusCode).toBe(200);
  });

  it('deletes an account with everything that is theirs', async () => {
    const notes = async () =>
      Number(((await app.database.db.execute(sql`SELECT count(*)::int AS n FROM note`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(await notes()).toBe(1);
    // A share's card lives in the media store, which no database cascade reaches. (Disabling the
    // account above ended the first session: sign in again.)
    const demasAgain = new Browser(app, '10.12.0.4');
    await demasAgain.request('POST', '/api/auth/sign-in/email', { email: 'demas@example.org', password: PASSWORD });
    const shared = await demasAgain.request('POST', '/api/shared-verses', {
      verseText: app.bible
        .passageVerses(app.bible.translation('KJV'), app.bible.reference('2 Timothy 4:10'))
        .map((v) => v.text)
        .join(' '),
      reference: '2 Timothy 4:10',
      translation: 'KJV',
      backgroundColor: SHARE_PRESETS[0].background,
      textColor: SHARE_PRESETS[0].text,
      fontStyle: 'classic',
      isPublic: 1,
      customGraphicUrl: null,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const [card] = await app.database.db.select().from(pictures).where(eq(pictures.kind, 'card'));
    const files = [card!.imageKey, card!.thumbnailKey].map((key) => `/media/${key}`);
    for (const url of files) expect((await app.server.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    expect((await admin.request('DELETE', `/api/admin/users/${demasId}`)).statusCode).toBe(200);
    expect(await notes()).toBe(0);
    for (const url of files) expect((await app.server.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    expect(await app.database.db.select().from(pictures).where(eq(pictures.id, card!.id))).toEqual([]);
    expect((await admin.request('DELETE', `/api/admin/users/${demasId}`)).statusCode).toBe(404);
    const log = (await admin.request('GET', '/api/admin/audit')).json() as { entries: { action: string; detail: string }[] };
    expect(log.entries[0]).toMatchObject({ action: 'user.delete', detail: 'demas@example.org' });
  });
});
