import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import { CONTACT_SENT } from '#common/contracts/contact.ts';
import type { Database } from '../../db/client.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import { AccessRepository } from '../../access/access.repository.ts';
import { AuditLog } from '../../access/audit-log.ts';
import type { Staff } from '../../access/staff.ts';
import { createMailer, type KeptMail } from '../../providers/mail/mailer.ts';
import { ContactRepository } from './contact.repository.ts';
import { ContactService } from './contact.service.ts';

// The contact form's rules with its real repository, audit log and mail provider (kept mail, or SMTP to a
// port where nothing answers) on PGlite.
let database: Database;
let audit: AuditLog;
let admin: Staff;
const kept: KeptMail[] = [];
const warnings: { obj: object; msg: string }[] = [];
const log = { info: () => {}, warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) };

function contact(contactEmail: string | undefined, smtpUrl?: string): ContactService {
  const mailer = createMailer({ smtpUrl, from: 'Selah <site@example.org>', keep: async (mail) => void kept.push(mail), log });
  return new ContactService(new ContactRepository(database.db), mailer, audit, contactEmail, log);
}

beforeAll(async () => {
  database = await serviceDatabase();
  audit = new AuditLog(new AccessRepository(database.db));
  admin = { userId: await addPerson(database, 'Admin'), email: 'admin@example.org', role: 'admin' };
}, 60_000);
afterAll(() => database?.close());

/** Messages written in the same millisecond may come in either order; later ones never come first. */
const newestFirst = (list: { createdAt: string }[]) => list.every((m, i) => i === 0 || m.createdAt <= list[i - 1]!.createdAt);

const message = { name: 'Ruth', email: 'ruth@example.org', message: 'Where you go I will go.' };

describe('contact messages', () => {
  it('keeps a message for the panel and mails the site’s address, replying to the sender', async () => {
    kept.length = 0;
    const service = contact('owner@example.org');
    expect(await service.send({ ...message, name: 'Ruth\r\nBcc: x@example.org' })).toEqual({ message: CONTACT_SENT });
    const [listed] = await service.list(false);
    expect(listed).toMatchObject({ name: 'Ruth\r\nBcc: x@example.org', email: 'ruth@example.org', message: 'Where you go I will go.', archived: false });
    expect(kept).toHaveLength(1);
    // A line break in the name never reaches the headers: the subject is one line.
    expect(kept[0]).toMatchObject({
      to: 'owner@example.org',
      subject: 'Selah contact: Ruth Bcc: x@example.org',
      text: 'Where you go I will go.\n\n— Ruth\r\nBcc: x@example.org <ruth@example.org>',
    });
    const headers = kept[0]!.message.split('\n\n')[0]!;
    expect(headers).toMatch(/^Reply-To: ruth@example\.org$/m);
    expect(headers).toMatch(/^To: owner@example\.org$/m);
    expect(headers).not.toMatch(/^Bcc:/m);
    await service.archive(admin, listed!.id, true);
  });

  it('cuts a long name to 80 characters in the subject', async () => {
    kept.length = 0;
    const service = contact('owner@example.org');
    await service.send({ ...message, name: 'N'.repeat(100) });
    expect(kept[0]!.subject).toBe(`Selah contact: ${'N'.repeat(80)}`);
    await service.archive(admin, (await service.list(false))[0]!.id, true);
  });

  it('mails nothing when the site has no contact address, and still keeps the message', async () => {
    kept.length = 0;
    const service = contact(undefined);
    await service.send({ ...message, message: 'No address at all.' });
    expect(kept).toEqual([]);
    const [listed] = await service.list(false);
    expect(listed!.message).toBe('No address at all.');
    await service.archive(admin, listed!.id, true);
  });

  it('tells a bot that fills in the hidden field the same as anyone, and keeps nothing', async () => {
    kept.length = 0;
    const service = contact('owner@example.org');
    const before = (await service.list(false)).length + (await service.list(true)).length;
    expect(await service.send({ ...message, website: 'http://spam.example' })).toEqual({ message: CONTACT_SENT });
    expect((await service.list(false)).length + (await service.list(true)).length).toBe(before);
    expect(kept).toEqual([]);
  });

  it('keeps the message when the mail relay does not answer, and logs why', async () => {
    // A port that was free a moment ago: nothing listens there, so SMTP is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    warnings.length = 0;
    const service = contact('owner@example.org', `smtp://127.0.0.1:${port}`);
    expect(await service.send({ ...message, message: 'The relay is down.' })).toEqual({ message: CONTACT_SENT });
    expect((await service.list(false))[0]!.message).toBe('The relay is down.');
    expect(warnings).toEqual([
      { obj: { err: expect.objectContaining({ code: 'ESOCKET' }) }, msg: 'a contact message could not be mailed; it is in the admin panel' },
    ]);
    await service.archive(admin, (await service.list(false))[0]!.id, true);
  });

  it('refuses a message without a name, address or words with the form’s wording, and keeps nothing', async () => {
    const service = contact(undefined);
    const before = (await service.list(false)).length;
    const refusal = (raw: Parameters<ContactService['send']>[0]) =>
      service.send(raw).then(
        () => 'kept',
        (error: ZodError) => error.issues.map((i) => i.message),
      );
    expect(await refusal({ ...message, name: '  ' })).toEqual(['Please enter your name.']);
    expect(await refusal({ ...message, email: 'not an address' })).toEqual(['Please enter a valid email address']);
    expect(await refusal({ ...message, message: 'Too short' })).toEqual(['Please write a message of at least 10 characters.']);
    expect((await service.list(false)).length).toBe(before);
  });

  it('lists open and archived messages apart, newest first, at most 200, and records each archiving', async () => {
    const service = contact(undefined);
    for (const m of await service.list(false)) await service.archive(admin, m.id, true);
    for (let i = 0; i < 3; i++) await service.send({ ...message, message: `Message number ${i}` });
    const open = await service.list(false);
    expect(open.map((m) => m.message).sort()).toEqual(['Message number 0', 'Message number 1', 'Message number 2']);
    expect(newestFirst(open)).toBe(true);
    expect(open.every((m) => !m.archived)).toBe(true);

    const archived = await service.archive(admin, open[1]!.id, true);
    expect(archived).toMatchObject({ id: open[1]!.id, archived: true });
    const ids = (list: { id: string }[]) => list.map((m) => m.id).sort();
    expect(ids(await service.list(false))).toEqual(ids(open.filter((m) => m !== open[1])));
    expect((await service.list(true)).map((m) => m.id)).toContain(open[1]!.id);
    expect((await audit.list())[0]).toMatchObject({ action: 'contact.archive', actorEmail: 'admin@example.org', target: 'message from ruth@example.org' });

    const back = await service.archive(admin, open[1]!.id, false);
    expect(back.archived).toBe(false);
    expect((await audit.list())[0]!.action).toBe('contact.unarchive');
    expect(ids(await service.list(false))).toEqual(ids(open));

    for (let i = 0; i < 200; i++) await service.send({ ...message, message: `Bulk message ${i}` });
    const bounded = await service.list(false);
    // The 200 newest: the three written before the bulk are left out.
    expect(bounded).toHaveLength(200);
    expect(newestFirst(bounded)).toBe(true);
    expect(bounded.filter((m) => m.message.startsWith('Message number'))).toEqual([]);
  });

  it('says there is no such message when archiving one that is not there, and records nothing', async () => {
    const service = contact(undefined);
    const entries = (await audit.list()).length;
    await expect(service.archive(admin, '00000000-0000-4000-8000-000000000000', true)).rejects.toMatchObject({
      statusCode: 404,
      message: 'There is no such message.',
    });
    expect((await audit.list()).length).toBe(entries);
  });
});
