import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_PAGE_SIZE } from '#common/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { sessions, studyActivity, users } from '../../db/schema.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import { AccessRepository } from '../../access/access.repository.ts';
import { AuditLog } from '../../access/audit-log.ts';
import type { Staff } from '../../access/staff.ts';
import { AdminRepository } from './admin.repository.ts';
import { AdminService, type SiteFacts } from './admin.service.ts';

// The admin panel's rules with their real repositories on PGlite, the clock in the test's hands.
let database: Database;
let audit: AuditLog;
let now: Date;
let mediaCounted = 0;
const removedFiles: string[] = [];
let admin: Staff;

const site = (over: Partial<SiteFacts> = {}): SiteFacts => ({
  publicUrl: 'https://bible.example.org',
  trustProxy: true,
  engines: { answers: 'Scripture engine', speech: 'embedded', images: 'embedded', media: 'folder' } as unknown as SiteFacts['engines'],
  checks: {
    answers: async () => 'answered',
    speech: async () => {
      throw new Error(`the speech service refused: ${'x'.repeat(400)}`);
    },
    // Takes a little while, as a real picture does: the Test reports how long.
    images: () => new Promise((resolve) => setTimeout(() => resolve('painted 12 KB'), 30)),
  } as SiteFacts['checks'],
  mediaBytes: async () => {
    mediaCounted++;
    return 1234;
  },
  beforeDeleteUser: async (userId) => void removedFiles.push(userId),
  ...over,
});

const service = (over: Partial<SiteFacts> = {}) => new AdminService(new AdminRepository(database.db), site(over), audit, () => now);

beforeAll(async () => {
  database = await serviceDatabase();
  audit = new AuditLog(new AccessRepository(database.db));
  const id = await addPerson(database, 'Admin');
  await database.db.update(users).set({ role: 'admin', email: 'admin@example.org' }).where(eq(users.id, id));
  admin = { userId: id, email: 'admin@example.org', role: 'admin' };
}, 60_000);
afterAll(() => database?.close());

async function account(email: string, values: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await database.db.insert(users).values({ id, name: email.split('@')[0]!, email, emailVerified: true, ...values });
  return id;
}

describe('the admin panel', () => {
  it('names the sign-in’s cookies but never their values, and says whether they are secure', () => {
    const diagnostics = service().diagnostics(admin, {
      protocol: 'https',
      host: 'bible.example.org',
      ip: '203.0.113.9',
      cookieHeader: 'selah.session_token=SECRET-VALUE; theme=dark;  ; other=1',
    });
    expect(diagnostics.you).toEqual({ email: 'admin@example.org', role: 'admin' });
    expect(diagnostics.cookies).toEqual({ names: ['selah.session_token', 'theme', 'other'], secure: true, sameSite: 'Lax', httpOnly: true });
    expect(JSON.stringify(diagnostics)).not.toContain('SECRET-VALUE');
    expect(diagnostics.request).toEqual({ protocol: 'https', host: 'bible.example.org', clientAddress: '203.0.113.9', trustProxy: true });
    expect(diagnostics.site).toEqual({ publicUrl: 'https://bible.example.org', roleCheck: 'read from the database on every admin request' });
    expect(service({ publicUrl: 'http://localhost:3000' }).diagnostics(admin, { protocol: 'http', host: 'x', ip: '::1' }).cookies).toMatchObject({
      names: [],
      secure: false,
    });
    expect(service({ publicUrl: undefined }).diagnostics(admin, { protocol: 'http', host: 'x', ip: '::1' })).toMatchObject({
      cookies: { secure: false },
      site: { publicUrl: null },
    });
  });

  it('counts readers active in the last 7 days (UTC), and counts the media folder at most every 5 minutes', async () => {
    now = new Date('2027-02-10T12:00:00Z');
    const recent = await account('recent@example.org');
    const edge = await account('edge@example.org');
    const old = await account('old@example.org');
    await database.db.insert(studyActivity).values([
      { userId: recent, day: '2027-02-10', chaptersRead: 1 },
      { userId: recent, day: '2027-02-09', chaptersRead: 1 },
      { userId: edge, day: '2027-02-04', chaptersRead: 1 }, // the seventh day back: still this week
      { userId: old, day: '2027-02-03', chaptersRead: 1 },
    ]);
    const admins = service();
    const counted = mediaCounted;
    const first = await admins.overview();
    expect(first.activeThisWeek).toBe(2);
    expect(first.accounts).toBe((await database.db.select().from(users)).length);
    expect(first.storage).toEqual({ database: expect.any(Number), media: 1234 });
    expect(first.storage.database).toBeGreaterThan(0);
    expect(mediaCounted).toBe(counted + 1);
    now = new Date(now.getTime() + 5 * 60_000);
    await admins.overview();
    expect(mediaCounted).toBe(counted + 1);
    now = new Date(now.getTime() + 1);
    await admins.overview();
    expect(mediaCounted).toBe(counted + 2);
    // A week on, the same activity is older than seven days.
    now = new Date('2027-02-11T00:00:00Z');
    expect((await admins.overview()).activeThisWeek).toBe(1);
    for (const id of [recent, edge, old]) await database.db.delete(users).where(eq(users.id, id));
  });

  it('runs an engine’s Test, says what it did or why it failed (in at most 300 characters), and records it', async () => {
    const admins = service();
    const started = performance.now();
    const ok = await admins.testEngine(admin, 'images');
    const took = performance.now() - started;
    expect(ok).toEqual({ engine: 'images', ok: true, ms: expect.any(Number), detail: 'painted 12 KB' });
    expect(ok.ms).toBeGreaterThanOrEqual(29);
    expect(ok.ms).toBeLessThanOrEqual(Math.ceil(took));
    expect((await audit.list())[0]).toMatchObject({ action: 'engine.test', target: 'engine images', detail: 'ok', actorEmail: 'admin@example.org' });
    const before = performance.now();
    const failed = await admins.testEngine(admin, 'speech');
    expect(failed.ok).toBe(false);
    expect(failed.ms).toBeGreaterThanOrEqual(0);
    expect(failed.ms).toBeLessThanOrEqual(Math.ceil(performance.now() - before));
    expect(failed.detail).toBe(`the speech service refused: ${'x'.repeat(400)}`.slice(0, 300));
    expect((await audit.list())[0]).toMatchObject({ target: 'engine speech', detail: 'failed' });
  });

  it('finds accounts by email or name, taking % and _ literally, newest first, a page at a time', async () => {
    const made: string[] = [];
    for (let i = 0; i < USERS_PAGE_SIZE + 2; i++) {
      made.push(await account(`pager${i}@example.org`, { createdAt: new Date(Date.UTC(2027, 0, 1, 0, i)) }));
    }
    const admins = service();
    const first = await admins.users('pager', 1);
    expect(first.total).toBe(USERS_PAGE_SIZE + 2);
    expect(first.pageCount).toBe(2);
    expect(first.users.map((u) => u.id)).toEqual(made.slice().reverse().slice(0, USERS_PAGE_SIZE));
    expect((await admins.users('pager', 2)).users.map((u) => u.id)).toEqual([made[1], made[0]]);
    expect(await admins.users('no-such-person', 1)).toMatchObject({ users: [], total: 0, pageCount: 1, page: 1 });

    const percent = await account('half%off@example.org', { displayName: 'Tabitha', role: 'moderator' });
    const under = await account('under_score@example.org', { name: 'Dorcas' });
    expect((await admins.users('%', 1)).users.map((u) => u.id)).toEqual([percent]);
    expect((await admins.users('_', 1)).users.map((u) => u.id)).toEqual([under]);
    // The community name is shown when there is one, and by it an account is found.
    const [tabitha] = (await admins.users('tabitha', 1)).users;
    // A role the panel does not know is shown as a reader's.
    expect(tabitha).toMatchObject({ id: percent, name: 'Tabitha', role: 'user', disabled: false });
    expect((await admins.users('DORCAS', 1)).users.map((u) => u.name)).toEqual(['Dorcas']);
    for (const id of [...made, percent, under]) await database.db.delete(users).where(eq(users.id, id));
  });

  it('changes a role or disables an account (ending its sessions), never the admin’s own, and records each change', async () => {
    const admins = service();
    const reader = await account('lydia@example.org');
    await database.db.insert(sessions).values({ id: randomUUID(), token: randomUUID(), userId: reader, expiresAt: new Date(Date.now() + 86_400_000) });

    await expect(admins.changeUser(admin, admin.userId!, { disabled: true })).rejects.toMatchObject({
      statusCode: 400,
      message: 'You cannot change your own account here.',
    });
    await expect(admins.changeUser(admin, reader, {})).rejects.toMatchObject({ statusCode: 400, message: 'Nothing to change.' });
    await expect(admins.changeUser(admin, randomUUID(), { role: 'author' })).rejects.toMatchObject({ statusCode: 404, message: 'There is no such account.' });
    await expect(admins.changeUser(admin, randomUUID(), { disabled: true })).rejects.toMatchObject({ statusCode: 404 });

    await admins.changeUser(admin, reader, { role: 'author' });
    expect((await admins.users('lydia', 1)).users[0]).toMatchObject({ role: 'author', disabled: false });
    expect((await audit.list())[0]).toMatchObject({ action: 'user.role', target: `user ${reader}`, detail: 'author' });

    await admins.changeUser(admin, reader, { disabled: true });
    expect((await admins.users('lydia', 1)).users[0]!.disabled).toBe(true);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, reader))).toEqual([]);
    expect((await audit.list())[0]).toMatchObject({ action: 'user.disable', target: `user ${reader}` });

    await admins.changeUser(admin, reader, { disabled: false, role: 'user' });
    expect((await admins.users('lydia', 1)).users[0]).toMatchObject({ role: 'user', disabled: false });
    expect((await audit.list()).slice(0, 2).map((e) => e.action)).toEqual(['user.enable', 'user.role']);
    await database.db.delete(users).where(eq(users.id, reader));
  });

  it('deletes an account with its files, never the admin’s own, and keeps the address in the record', async () => {
    const admins = service();
    const reader = await account('priscilla@example.org');
    await expect(admins.deleteUser(admin, admin.userId!)).rejects.toMatchObject({
      statusCode: 400,
      message: 'You cannot delete your own account here. Use Settings.',
    });
    removedFiles.length = 0;
    await admins.deleteUser(admin, reader);
    expect(removedFiles).toEqual([reader]);
    expect((await admins.users('priscilla', 1)).total).toBe(0);
    expect((await audit.list())[0]).toMatchObject({ action: 'user.delete', target: `user ${reader}`, detail: 'priscilla@example.org' });
    await expect(admins.deleteUser(admin, reader)).rejects.toMatchObject({ statusCode: 404, message: 'There is no such account.' });
  });
});
