import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SENT, type ContactMessage } from '#common/contracts/contact.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { users } from '../../db/schema.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const message = { name: 'Apollos of Alexandria', email: 'apollos@example.org', message: 'The reader is a joy. Could it show Acts with maps?' };

describe(`the contact form on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url, CONTACT_EMAIL: 'editor@example.org' } });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('keeps a message, mails it to the site with the sender as Reply-To, and drops a bot’s quietly', async () => {
    const guest = new Browser(app, '10.9.0.1');
    const bad = await guest.request('POST', '/api/contact', { ...message, email: 'nowhere' });
    expect(bad.json()).toEqual({ message: 'Please enter a valid email address' });
    expect((await guest.request('POST', '/api/contact', { ...message, message: 'Hi' })).statusCode).toBe(400);

    expect((await guest.request('POST', '/api/contact', message)).json()).toEqual({ message: CONTACT_SENT });
    const mail = await inbox.waitFor('editor@example.org', /^Selah contact: Apollos/);
    expect(mail.header('Reply-To')).toBe('apollos@example.org');
    expect(mail.text).toContain('Could it show Acts with maps?');

    const bot = await guest.request('POST', '/api/contact', { ...message, name: 'Spam', website: 'http://spam.example' });
    expect(bot.json()).toEqual({ message: CONTACT_SENT });
    // Three an hour from one address.
    await guest.request('POST', '/api/contact', message);
    expect((await guest.request('POST', '/api/contact', message)).statusCode).toBe(429);
  });

  it('lets admins read and archive messages, and nobody else', async () => {
    const admin = await signUpVerified(app, inbox, 'junia@example.org', undefined, '10.9.0.2');
    expect((await admin.request('GET', '/api/admin/contact')).statusCode).toBe(403);
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'junia@example.org'));
    const open = (await admin.request('GET', '/api/admin/contact')).json() as ContactMessage[];
    expect(open.map((m) => m.name)).toEqual(['Apollos of Alexandria', 'Apollos of Alexandria']);
    const archived = await admin.request('PUT', `/api/admin/contact/${open[0]!.id}`, { archived: true });
    expect(archived.json()).toMatchObject({ archived: true });
    expect((await admin.request('GET', '/api/admin/contact')).json()).toHaveLength(1);
    expect((await admin.request('GET', '/api/admin/contact?archived=1')).json()).toHaveLength(1);
  });
});
