import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONVERSATION_LIMITS } from '#common/ai/limits.ts';
import type { ConversationTurnInput } from '#common/contracts/conversations.ts';
import type { Database } from '../../db/client.ts';
import { conversations, conversationTurns } from '../../db/schema.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import { refusal } from '../../../test/refusal.ts';
import { fixtureBible } from '../../../test/fixture-bible.ts';
import type { Viewer } from '../../access/viewer.ts';
import { ConversationsRepository } from './conversations.repository.ts';
import { ConversationsService } from './conversations.service.ts';

// Bible Chat conversations kept on accounts, with the real repository on PGlite and a Bible of two verses.
const { bible } = fixtureBible({
  KJV: [
    ['John', 3, 16, 'For God so loved the world.'],
    ['Genesis', 1, 1, 'In the beginning God created the heaven and the earth.'],
  ],
});

let database: Database;
let service: ConversationsService;
let ann: Viewer;
let bob: Viewer;
const guest: Viewer = { kind: 'guest' };
const SIGN_IN = { status: 401, message: 'Sign in to keep your conversations on your account.' };
const NOT_FOUND = { status: 404, message: 'This conversation was not found.' };

const turn = (question: string, more: Partial<ConversationTurnInput> = {}): ConversationTurnInput => ({
  id: randomUUID(),
  question,
  response: `An answer to ${question}.`,
  engine: 'scripture-search',
  translation: 'KJV',
  ...more,
});

beforeAll(async () => {
  database = await serviceDatabase();
  service = new ConversationsService(new ConversationsRepository(database.db), bible);
  ann = { kind: 'user', userId: await addPerson(database, 'Ann'), role: 'user' };
  bob = { kind: 'user', userId: await addPerson(database, 'Bob'), role: 'user' };
}, 60_000);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`TRUNCATE conversation CASCADE`);
});

describe('keeping a conversation', () => {
  it('keeps the turns in the order they were asked, with their answers checked against the store', async () => {
    const id = randomUUID();
    const first = turn('Who is loved?', {
      response: 'John 3:16 says God so loved the world; John 3:99 does not exist.',
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    const second = turn('And the start?', { response: 'Genesis 1:1.', createdAt: '2026-11-01T10:05:00.000Z', sources: 'KJV' });
    const kept = await service.addTurns(ann, id, { title: 'On love', turns: [second, first] });
    expect(kept).toMatchObject({ id, title: 'On love', turnCount: 2, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:05:00.000Z' });
    expect(kept.turns.map((t) => t.question)).toEqual(['Who is loved?', 'And the start?']);
    expect(kept.turns[0]!.reply.references.map((r) => [r.written, r.status])).toEqual([
      ['John 3:16', 'verified'],
      ['John 3:99', 'invalid'],
    ]);
    expect(kept.turns[0]!.reply).not.toHaveProperty('sources');
    expect(kept.turns[1]!.reply).toMatchObject({ sources: 'KJV', translation: 'KJV', engine: 'scripture-search' });
    expect(await service.get(ann, id)).toEqual(kept);
  });

  it('adds only the turns it lacks, and moves the conversation up to its latest turn', async () => {
    const id = randomUUID();
    const first = turn('One', { createdAt: '2026-11-01T10:00:00.000Z' });
    await service.addTurns(ann, id, { title: 'Kept title', turns: [first] });
    const later = turn('Two', { createdAt: '2026-11-02T08:00:00.000Z' });
    const kept = await service.addTurns(ann, id, { title: 'Another title', turns: [first, later] });
    expect(kept).toMatchObject({ title: 'Kept title', turnCount: 2, updatedAt: '2026-11-02T08:00:00.000Z' });
    // Sent again: nothing added, nothing moved.
    expect(await service.addTurns(ann, id, { title: 'Kept title', turns: [first] })).toEqual(kept);
  });

  it('keeps a time the browser gives, never later than now, and now when it gives none', async () => {
    const id = randomUUID();
    const before = Date.now();
    const kept = await service.addTurns(ann, id, {
      title: 'Times',
      turns: [turn('Past', { createdAt: '2020-01-01T00:00:00.000Z' }), turn('Future', { createdAt: '2999-01-01T00:00:00.000Z' }), turn('Unsaid')],
    });
    const after = Date.now();
    const at = Object.fromEntries(kept.turns.map((t) => [t.question, Date.parse(t.createdAt)]));
    expect(at.Past).toBe(Date.parse('2020-01-01T00:00:00.000Z'));
    for (const now of [at.Future!, at.Unsaid!]) {
      expect(now).toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(after);
    }
  });

  it('checks an answer in the default translation when its own is not on the site', async () => {
    const kept = await service.addTurns(ann, randomUUID(), { title: 'Elsewhere', turns: [turn('Q', { translation: 'XYZ', response: 'See John 3:16.' })] });
    expect(kept.turns[0]!.reply).toMatchObject({ translation: 'KJV', references: [{ written: 'John 3:16', status: 'verified' }] });
  });

  it('shows an engine it no longer knows as the Scripture engine', async () => {
    const id = randomUUID();
    const kept = await service.addTurns(ann, id, {
      title: 'Engines',
      turns: [
        turn('A', { engine: 'language-model', createdAt: '2026-11-01T10:00:00.000Z' }),
        turn('B', { engine: 'local-model', createdAt: '2026-11-01T10:01:00.000Z' }),
      ],
    });
    expect(kept.turns.map((t) => t.reply.engine)).toEqual(['language-model', 'local-model']);
    await database.db.update(conversationTurns).set({ engine: 'retired-engine' });
    expect((await service.get(ann, id)).turns.map((t) => t.reply.engine)).toEqual(['scripture-search', 'scripture-search']);
  });
});

describe('limits', () => {
  it(`holds ${CONVERSATION_LIMITS.turns} questions in a conversation, and refuses more without keeping any`, async () => {
    const id = randomUUID();
    const full = Array.from({ length: CONVERSATION_LIMITS.turns - 1 }, (_, i) => turn(`Q${i}`));
    await service.addTurns(ann, id, { title: 'Long', turns: full });
    expect((await service.addTurns(ann, id, { title: 'Long', turns: [turn('The hundredth')] })).turnCount).toBe(CONVERSATION_LIMITS.turns);
    expect(await refusal(service.addTurns(ann, id, { title: 'Long', turns: [turn('One more')] }))).toEqual({
      status: 409,
      message: 'A conversation can hold 100 questions. Start a new conversation to ask more.',
    });
    expect((await service.get(ann, id)).turnCount).toBe(CONVERSATION_LIMITS.turns);
  });

  it(`keeps ${CONVERSATION_LIMITS.perAccount.toLocaleString('en')} conversations on an account, and refuses another without keeping it`, async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const { userId } = ann as { userId: string };
    await database.db
      .insert(conversations)
      .values(
        Array.from({ length: CONVERSATION_LIMITS.perAccount - 1 }, (_, i) => ({ id: randomUUID(), userId, title: `C${i}`, createdAt: at, updatedAt: at })),
      );
    await service.addTurns(ann, randomUUID(), { title: 'The last one', turns: [turn('Q')] });
    const refused = randomUUID();
    expect(await refusal(service.addTurns(ann, refused, { title: 'One more', turns: [turn('Q')] }))).toEqual({
      status: 409,
      message: 'Your account keeps 1,000 conversations, the most it can. Delete some to start another.',
    });
    expect(await refusal(service.get(ann, refused))).toEqual(NOT_FOUND);
    // Another person's account is its own.
    expect((await service.addTurns(bob, randomUUID(), { title: 'Bob’s first', turns: [turn('Q')] })).turnCount).toBe(1);
  });
});

describe('listing, renaming and deleting', () => {
  async function three() {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      await service.addTurns(ann, id, {
        title: `T${i}`,
        turns: Array.from({ length: i + 1 }, (_, n) => turn(`Q${n}`, { createdAt: `2026-11-0${i + 1}T09:00:0${n}.000Z` })),
      });
    }
    return ids;
  }

  it('lists the newest first, a page at a time, with each one’s number of questions and the whole count', async () => {
    const ids = await three();
    await service.addTurns(bob, randomUUID(), { title: 'Bob’s', turns: [turn('Q')] });
    const page = await service.list(ann, { limit: 2, offset: 0 });
    expect(page).toEqual({
      total: 3,
      conversations: [
        { id: ids[2], title: 'T2', turnCount: 3, createdAt: '2026-11-03T09:00:00.000Z', updatedAt: '2026-11-03T09:00:02.000Z' },
        { id: ids[1], title: 'T1', turnCount: 2, createdAt: '2026-11-02T09:00:00.000Z', updatedAt: '2026-11-02T09:00:01.000Z' },
      ],
    });
    expect((await service.list(ann, { limit: 2, offset: 2 })).conversations.map((c) => c.id)).toEqual([ids[0]]);
    expect((await service.list(bob, { limit: 20, offset: 0 })).total).toBe(1);
  });

  it('renames and deletes only the person’s own', async () => {
    const [id] = await three();
    expect(await service.rename(ann, id!, 'Renamed')).toMatchObject({ id, title: 'Renamed', turnCount: 1 });
    expect(await refusal(service.rename(bob, id!, 'Taken'))).toEqual(NOT_FOUND);
    expect(await refusal(service.remove(bob, id!))).toEqual(NOT_FOUND);
    expect(await refusal(service.get(bob, id!))).toEqual(NOT_FOUND);
    expect(await refusal(service.addTurns(bob, id!, { title: 'Taken', turns: [turn('Mine now?')] }))).toEqual(NOT_FOUND);
    expect(await service.get(ann, id!)).toMatchObject({ title: 'Renamed', turnCount: 1 });
    await service.remove(ann, id!);
    expect(await refusal(service.get(ann, id!))).toEqual(NOT_FOUND);
    expect(await refusal(service.remove(ann, id!))).toEqual(NOT_FOUND);
    expect(await refusal(service.rename(ann, randomUUID(), 'Nothing'))).toEqual(NOT_FOUND);
  });

  it('asks a guest to sign in for each', async () => {
    const id = randomUUID();
    for (const call of [
      service.list(guest, { limit: 20, offset: 0 }),
      service.get(guest, id),
      service.addTurns(guest, id, { title: 'T', turns: [turn('Q')] }),
      service.rename(guest, id, 'T'),
      service.remove(guest, id),
    ]) {
      expect(await refusal(call)).toEqual(SIGN_IN);
    }
  });
});
