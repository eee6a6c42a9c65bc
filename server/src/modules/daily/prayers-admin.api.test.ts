import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrayerCalendar } from '#common/contracts/daily.ts';
import type { HomepageData } from '#common/contracts/home.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { signUpVerified } from '../../../test/accounts.ts';
import { users } from '../../db/schema.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

describe(`prayers written in the admin panel, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('puts an editor’s prayer in the day’s place, before Scripture’s, with a new picture, and logs who wrote it', async () => {
    await app.daily.catchUp();
    const before = (await app.server.inject({ method: 'GET', url: '/api/homepage' })).json() as HomepageData;
    expect(before.prayer?.source).toBe('scripture');

    const admin = await signUpVerified(app, inbox, 'hannah@example.org', undefined, '10.11.0.1');
    const prayer = { title: 'For a quiet heart', content: 'Lord, quiet the noise in me, and let me hear you today.' };
    expect((await admin.request('PUT', `/api/admin/prayers/${before.prayer!.day}`, prayer)).statusCode).toBe(403);
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'hannah@example.org'));

    const calendar = (await admin.request('PUT', `/api/admin/prayers/${before.prayer!.day}`, prayer)).json() as PrayerCalendar;
    expect(calendar).toHaveLength(22);
    expect(calendar.find((d) => d.day === before.prayer!.day)?.prayer).toMatchObject({ ...prayer, source: 'editor' });
    const after = (await app.server.inject({ method: 'GET', url: '/api/homepage' })).json() as HomepageData;
    expect(after.prayer).toMatchObject({ ...prayer, source: 'editor' });
    expect(after.visualContemplation?.imageUrl).toBeTruthy();
    expect(after.visualContemplation?.imageUrl).not.toBe(before.visualContemplation?.imageUrl);
    // A day two weeks ahead can be written now; a short prayer is refused with a reason.
    const short = await admin.request('PUT', `/api/admin/prayers/${calendar.at(-1)!.day}`, { title: 'x', content: 'Amen.' });
    expect(short.json()).toEqual({ message: 'Write a prayer of at least 20 characters.' });
    const log = (await admin.request('GET', '/api/admin/audit')).json() as { entries: { action: string; actorEmail: string }[] };
    expect(log.entries[0]).toMatchObject({ action: 'prayer.write', actorEmail: 'hannah@example.org' });
  }, 60_000);
});
