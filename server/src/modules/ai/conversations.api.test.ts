import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { ConversationsRepository } from './conversations.repository.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let lydia: Browser;
let silas: Browser;
let guest: Browser;

const turn = (question: string, response: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  question,
  response,
  engine: 'scripture-search',
  translation: 'KJV',
  ...extra,
});
const add = (who: Browser, id: string, turns: unknown[], title = 'A conversation') => who.request('POST', `/api/conversations/${id}/turns`, { title, turns });
const list = async (who: Browser, query = '') => (await who.request('GET', `/api/conversations${query}`)).json();

describe(`Bible Chat conversations on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
    lydia = await signUpVerified(app, inbox, 'lydia.chat@example.org');
    silas = await signUpVerified(app, inbox, 'silas.chat@example.org');
    guest = new Browser(app);
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('keeps turns in order, checks their references again, and never doubles a turn sent twice', async () => {
    const id = randomUUID();
    const first = turn('Who loved the world?', 'God did: read John 3:16. Not Hezekiah 3:16, which is not a book.', { createdAt: '2026-01-01T10:00:00Z' });
    const created = await add(lydia, id, [first], 'God so loved');
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ id, title: 'God so loved', turnCount: 1 });
    const refs = body.turns[0].reply.references as { written: string; status: string; href?: string }[];
    expect(refs.find((r) => r.written.startsWith('John'))).toMatchObject({ status: 'verified', href: expect.stringContaining('chapter=3') });
    expect(refs.find((r) => r.written.startsWith('Hezekiah'))).toMatchObject({ status: 'invalid' });

    // The same turn again and a new one: one added, none doubled; the title of an existing conversation stays.
    const second = turn('And the next verse?', 'John 3:17 says he came to save it.', { createdAt: '2026-01-01T10:05:00Z' });
    const again = (await add(lydia, id, [first, second], 'Another title')).json();
    expect(again.title).toBe('God so loved');
    expect(again.turns.map((t: { question: string }) => t.question)).toEqual(['Who loved the world?', 'And the next verse?']);
    expect((await lydia.request('GET', `/api/conversations/${id}`)).json().turnCount).toBe(2);
    expect(again.updatedAt).toBe('2026-01-01T10:05:00.000Z');

    // A time in the future is kept as now, so it cannot pin a conversation to the top of the list.
    const later = randomUUID();
    const future = (await add(lydia, later, [turn('Q', 'A', { createdAt: '2999-01-01T00:00:00Z' })])).json();
    expect(Date.parse(future.updatedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('lists newest first, a page at a time, and renames and deletes', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      await add(silas, id, [turn(`Question ${i}`, 'Psalm 23:1', { createdAt: `2026-02-0${i + 1}T00:00:00Z` })], `Talk ${i}`);
    }
    const page = await list(silas, '?limit=2');
    expect(page.total).toBe(3);
    expect(page.conversations.map((c: { title: string }) => c.title)).toEqual(['Talk 2', 'Talk 1']);
    expect(page.conversations[0].turnCount).toBe(1);
    expect((await list(silas, '?limit=2&offset=2')).conversations.map((c: { title: string }) => c.title)).toEqual(['Talk 0']);

    const renamed = await silas.request('PATCH', `/api/conversations/${ids[0]}`, { title: '  On shepherds  ' });
    expect(renamed.json()).toMatchObject({ id: ids[0], title: 'On shepherds' });
    expect((await silas.request('PATCH', `/api/conversations/${ids[0]}`, { title: '   ' })).json()).toEqual({ message: 'Give the conversation a title.' });

    expect((await silas.request('DELETE', `/api/conversations/${ids[1]}`)).statusCode).toBe(204);
    expect((await silas.request('GET', `/api/conversations/${ids[1]}`)).statusCode).toBe(404);
    expect((await list(silas)).conversations.map((c: { title: string }) => c.title)).toEqual(['Talk 2', 'On shepherds']);
  });

  it("keeps each person's conversations to themselves and a guest's in the browser", async () => {
    const mine = randomUUID();
    await add(lydia, mine, [turn('Private question', 'Matthew 6:6')]);
    for (const [method, path, body] of [
      ['GET', `/api/conversations/${mine}`, undefined],
      ['PATCH', `/api/conversations/${mine}`, { title: 'Taken' }],
      ['DELETE', `/api/conversations/${mine}`, undefined],
      ['POST', `/api/conversations/${mine}/turns`, { title: 'x', turns: [turn('Sneaked in', 'John 1:1')] }],
    ] as const) {
      const reply = await silas.request(method, path, body);
      expect(reply.statusCode, `${method} ${path}`).toBe(404);
      expect(reply.json()).toEqual({ message: 'This conversation was not found.' });
    }
    expect((await lydia.request('GET', `/api/conversations/${mine}`)).json()).toMatchObject({ title: 'A conversation', turnCount: 1 });
    expect((await list(silas)).conversations.some((c: { id: string }) => c.id === mine)).toBe(false);

    const refused = await guest.request('GET', '/api/conversations');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Sign in to keep your conversations on your account.' });
    expect((await add(guest, randomUUID(), [turn('Q', 'A')])).statusCode).toBe(401);
  });

  it('refuses bad input with a clear message and past its bounds with 409, keeping what was there', async () => {
    const id = randomUUID();
    expect((await lydia.request('GET', '/api/conversations/not-an-id')).json()).toEqual({ message: 'Not a conversation id.' });
    expect((await add(lydia, id, [])).json()).toEqual({ message: 'Send at least one turn.' });
    expect((await add(lydia, id, [turn('   ', 'A')])).json()).toEqual({ message: 'Ask a question.' });
    expect((await add(lydia, id, [turn('Q', 'x'.repeat(20_001))])).json()).toEqual({ message: 'An answer can be at most 20,000 characters.' });
    expect((await add(lydia, id, [{ ...turn('Q', 'A'), id: 'one' }])).json()).toEqual({ message: 'Each turn needs an id (a UUID).' });
    expect((await lydia.request('GET', `/api/conversations/${id}`)).statusCode).toBe(404);

    const hundred = Array.from({ length: 100 }, (_, i) => turn(`Q${i}`, 'Romans 8:28'));
    expect((await add(lydia, id, hundred)).json().turnCount).toBe(100);
    const full = await add(lydia, id, [turn('One more', 'Romans 8:29')]);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: 'A conversation can hold 100 questions. Start a new conversation to ask more.' });
    expect((await lydia.request('GET', `/api/conversations/${id}`)).json().turnCount).toBe(100);
  });

  it('keeps which engine answered each turn, the AI model on this server among them', async () => {
    const id = randomUUID();
    const engines = ['scripture-search', 'language-model', 'local-model'];
    await add(
      silas,
      id,
      engines.map((engine, i) => turn(`Asked of ${engine}`, 'Psalm 23:1', { engine, createdAt: `2026-03-0${i + 1}T00:00:00Z` })),
    );
    const kept = (await silas.request('GET', `/api/conversations/${id}`)).json() as { turns: { reply: { engine: string } }[] };
    expect(kept.turns.map((t) => t.reply.engine)).toEqual(engines);
  });

  it('keeps the line saying what each answer was drawn from, as the reader saw it, and refuses one too long', async () => {
    const id = randomUUID();
    const sources = 'From Scripture and Selah’s topics; every reference checked';
    await add(silas, id, [turn('I am anxious', 'Philippians 4:6', { sources, createdAt: '2026-03-01T00:00:00Z' }), turn('And?', 'Psalm 23:1')]);
    const kept = (await silas.request('GET', `/api/conversations/${id}`)).json() as { turns: { reply: { sources?: string } }[] };
    expect(kept.turns.map((t) => t.reply.sources)).toEqual([sources, undefined]);
    const long = await add(silas, randomUUID(), [turn('Q', 'John 3:16', { sources: 'x'.repeat(501) })]);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'An answer’s sources line can be at most 500 characters.' });
  });

  it('keeps an account to its most conversations, creating nothing past it', async () => {
    const me = (await silas.request('GET', '/api/auth/user')).json() as { id: string };
    const repository = new ConversationsRepository(app.database.db);
    const held = (await list(silas)).total as number;
    const row = () => ({
      id: randomUUID(),
      question: 'Q',
      response: 'A',
      engine: 'scripture-search',
      translation: 'KJV',
      references: [],
      createdAt: new Date(),
    });
    const limits = { perAccount: held + 1, turns: 100 };
    expect(await repository.addTurns(me.id, { id: randomUUID(), title: 'Last one' }, [row()], limits)).toBe(1);
    await expect(repository.addTurns(me.id, { id: randomUUID(), title: 'Too many' }, [row()], limits)).rejects.toThrow('account');
    expect((await list(silas)).total).toBe(held + 1);
  });
});
