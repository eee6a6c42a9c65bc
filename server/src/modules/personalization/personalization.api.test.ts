import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { PersonalizationRepository } from './personalization.repository.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let ruth: Browser;
let boaz: Browser;
let guest: Browser;

describe(`question history (spec §7 track-question) on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
    ruth = await signUpVerified(app, inbox, 'ruth.history@example.org');
    boaz = await signUpVerified(app, inbox, 'boaz.history@example.org');
    guest = new Browser(app);
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  const track = (who: Browser, question: string) =>
    who.request('POST', '/api/personalization/track-question', { question, context: 'chat', reference: 'Ruth 1:16', aiResponse: 'Whither thou goest…' });
  const history = async (who: Browser) => (await who.request('GET', '/api/personalization/questions')).json();

  it("keeps a person's questions for them alone, newest first, and a guest's not at all", async () => {
    expect((await track(ruth, 'What does Ruth 1:16 mean?')).statusCode).toBe(204);
    await new Promise((r) => setTimeout(r, 5));
    expect((await track(ruth, 'Who was Naomi?')).statusCode).toBe(204);
    expect((await track(guest, 'A guest question')).statusCode).toBe(204);
    const mine = await history(ruth);
    expect(mine).toMatchObject({ keep: true, total: 2 });
    expect(mine.questions.map((q: { question: string }) => q.question)).toEqual(['Who was Naomi?', 'What does Ruth 1:16 mean?']);
    expect(await history(boaz)).toEqual({ keep: true, total: 0, questions: [] });
    expect((await guest.request('GET', '/api/personalization/questions')).statusCode).toBe(401);
    expect((await track(ruth, '   ')).json()).toEqual({ message: 'Ask a question.' });
  });

  it('stops keeping questions and deletes them when turned off, and deletes them on request', async () => {
    await track(boaz, 'Where is Bethlehem?');
    const off = (await boaz.request('PUT', '/api/personalization/questions/keep', { keep: false })).json();
    expect(off).toEqual({ keep: false, total: 0, questions: [] });
    await track(boaz, 'Not kept');
    expect((await history(boaz)).total).toBe(0);
    await boaz.request('PUT', '/api/personalization/questions/keep', { keep: true });
    await track(boaz, 'Kept again');
    expect((await history(boaz)).total).toBe(1);
    expect((await boaz.request('DELETE', '/api/personalization/questions')).statusCode).toBe(204);
    expect((await history(boaz)).total).toBe(0);
    // Ruth's are untouched by Boaz's choices.
    expect((await history(ruth)).total).toBe(2);
  });

  it('keeps only the newest questions once a person has the most allowed', async () => {
    const me = (await ruth.request('GET', '/api/auth/user')).json() as { id: string };
    const repository = new PersonalizationRepository(app.database.db);
    for (let i = 0; i < 5; i++) {
      await repository.add({ id: randomUUID(), userId: me.id, question: `q${i}`, context: null, reference: null, aiResponse: null }, 3);
      await new Promise((r) => setTimeout(r, 3));
    }
    const kept = await history(ruth);
    expect(kept.total).toBe(3);
    expect(kept.questions.map((q: { question: string }) => q.question)).toEqual(['q4', 'q3', 'q2']);
  });
});
