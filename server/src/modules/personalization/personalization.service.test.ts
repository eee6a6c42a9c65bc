import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { Viewer } from '../../access/viewer.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import { PersonalizationRepository } from './personalization.repository.ts';
import { PersonalizationService } from './personalization.service.ts';
import { eq } from 'drizzle-orm';
import { questionHistory } from '../../db/schema.ts';

// The question history's rules with its real repository on PGlite.
let database: Database;
let history: PersonalizationService;

beforeAll(async () => {
  database = await serviceDatabase();
  history = new PersonalizationService(new PersonalizationRepository(database.db));
}, 60_000);
afterAll(() => database?.close());

const reader = async (): Promise<Viewer> => ({ kind: 'user', userId: await addPerson(database), role: 'user' });
const questions = async (viewer: Viewer) => (await history.history(viewer, { limit: 20, offset: 0 })).questions.map((q) => q.question);

describe('the question history', () => {
  it('keeps a reader’s questions for them alone, and a guest’s not at all', async () => {
    const [me, other] = [await reader(), await reader()];
    await history.track(me, { question: 'Who wrote Hebrews?' });
    await history.track(me, { question: 'What is grace?', reference: 'Ephesians 2:8' });
    await history.track({ kind: 'guest' }, { question: 'Am I kept?' });
    // Order is by the moment kept, which PGlite tells to the millisecond: two kept in one millisecond may come either way.
    expect((await questions(me)).sort()).toEqual(['What is grace?', 'Who wrote Hebrews?']);
    expect(await questions(other)).toEqual([]);
    await expect(history.history({ kind: 'guest' }, { limit: 20, offset: 0 })).rejects.toMatchObject({
      statusCode: 401,
      message: 'Sign in to keep a history of your questions.',
    });
  });

  it('deletes what it kept when turned off, keeps nothing while off, and keeps again once on', async () => {
    const me = await reader();
    await history.track(me, { question: 'Why did Jesus weep?' });
    expect(await history.choose(me, false)).toMatchObject({ keep: false, total: 0, questions: [] });
    await history.track(me, { question: 'Kept while off?' });
    expect(await questions(me)).toEqual([]);
    await history.choose(me, true);
    await history.track(me, { question: 'Kept once on?' });
    expect(await questions(me)).toEqual(['Kept once on?']);
    await history.clear(me);
    expect(await history.history(me, { limit: 20, offset: 0 })).toMatchObject({ keep: true, total: 0, questions: [] });
  });

  it('keeps what came with a question (its context and the answer given) for the reader, and nothing for what did not', async () => {
    const me = await reader();
    await history.track(me, {
      question: 'What is faith?',
      context: 'Reading Hebrews 11',
      reference: 'Hebrews 11:1',
      aiResponse: 'Faith is the substance of things hoped for.',
    });
    await history.track(me, { question: 'Bare question' });
    const rows = await database.db
      .select()
      .from(questionHistory)
      .where(eq(questionHistory.userId, (me as { userId: string }).userId));
    const kept = Object.fromEntries(rows.map((r) => [r.question, { context: r.context, reference: r.reference, aiResponse: r.aiResponse }]));
    expect(kept).toEqual({
      'What is faith?': { context: 'Reading Hebrews 11', reference: 'Hebrews 11:1', aiResponse: 'Faith is the substance of things hoped for.' },
      'Bare question': { context: null, reference: null, aiResponse: null },
    });
  });

  it('answers a change of the setting with the first page of 20, newest first, and pages through the rest', async () => {
    const me = await reader();
    for (let i = 1; i <= 22; i++) {
      await history.track(me, { question: `Question ${i}` });
      // One millisecond apart at least: the history is ordered by the moment each was kept.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const first = await history.choose(me, true);
    expect(first).toMatchObject({ keep: true, total: 22 });
    expect(first.questions.map((q) => q.question)).toEqual(Array.from({ length: 20 }, (_, i) => `Question ${22 - i}`));
    const rest = await history.history(me, { limit: 20, offset: 20 });
    expect(rest.questions.map((q) => q.question)).toEqual(['Question 2', 'Question 1']);
    expect(rest.questions[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      question: 'Question 2',
      reference: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});
