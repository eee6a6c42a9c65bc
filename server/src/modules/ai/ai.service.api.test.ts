import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AskReply } from '#common/contracts/ai.ts';
import { startOpenAiServer, type ChatRequest, type Reply } from '../../../test/openai-server.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import type { AnswerEngine } from '../../providers/ai/answer-engine.ts';
import { LanguageModelEngine } from '../../providers/ai/language-model-engine.ts';
import { ScriptureEngine } from '../../providers/ai/scripture-engine.ts';
import { AiService, questionLimit, type AskEvent } from './ai.service.ts';
import { CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import { PassageFinder } from './passage-finder.ts';
import { ReferenceCheck } from './reference-check.ts';
import { SearchService } from '../search/search.service.ts';

// The stand-in model: right the first time, unless asked for the invented verse (then right once corrected).
function model(request: ChatRequest): Reply {
  const question = request.body.messages.find((m) => m.role === 'user')!.content;
  const correcting = request.body.messages.filter((m) => m.role === 'user').length > 1;
  if (question.includes('invented') && !correcting) return { text: 'Hezekiah 3:16 tells us to give our worries to God.' };
  return { text: 'Give your worries to God: “Casting all your care upon him; for he careth for you” (1 Peter 5:7). See also Philippians 4:6-7.' };
}

let app: Awaited<ReturnType<typeof startTestApp>>;
let llm: Awaited<ReturnType<typeof startOpenAiServer>>;
beforeAll(async () => {
  llm = await startOpenAiServer(model);
  app = await startTestApp();
}, 300_000);
afterAll(async () => {
  await app.stop();
  await llm.stop();
});

/** The orchestration as the app builds it, on the app's store, with a checker whose checks are counted. */
function orchestration(engine: AnswerEngine) {
  const checker = new ReferenceCheck(app.bible);
  const checks = vi.spyOn(checker, 'answer');
  const finder = new PassageFinder(app.bible, new SearchService(app.library.store, app.bible), new CrossReferences());
  const ai = new AiService(
    app.bible,
    checker,
    finder,
    engine,
    'Please call the Selah test crisis line now: 000-TEST.',
    questionLimit(new Quota(new QuotaRepository(app.database.db), 'ai-questions'), 1000),
  );
  return { ai, checks, checker };
}

/** The references the shown text has, checked afresh: what the reply must list. */
async function expectReferencesOfShownText(checker: ReferenceCheck, reply: AskReply) {
  expect(reply.references.length).toBeGreaterThan(0);
  expect(reply.references).toEqual(await checker.answer(reply.response, reply.translation));
}

describe('one AI question: retrieve → answer → verify → present, the answer checked once', () => {
  it('checks the Scripture engine’s answer once, and lists the references of the text shown', async () => {
    const { ai, checks, checker } = orchestration(new ScriptureEngine());
    // An invalid reference (struck through in the answer) and a question showing danger (the crisis line
    // goes first): the references listed must still be where the shown text has them.
    const reply = await ai.ask({ kind: 'guest' }, '10.0.0.1', { question: 'I want to die. What does Hezekiah 3:16 say?', translation: 'KJV' });
    expect(checks).toHaveBeenCalledTimes(1);
    expect(checks.mock.calls[0]![1]).toBe('KJV');
    expect(reply.response.startsWith('**Please call the Selah test crisis line now: 000-TEST.**')).toBe(true);
    expect(reply.references.find((r) => r.written === 'Hezekiah 3:16')?.status).toBe('invalid');
    await expectReferencesOfShownText(checker, reply);
  });

  it('checks a language model’s answer once when it is right the first time', async () => {
    const { ai, checks, checker } = orchestration(new LanguageModelEngine({ baseUrl: llm.url, model: 'test-model', timeoutMs: 5000 }));
    const reply = await ai.ask({ kind: 'guest' }, '10.0.0.2', { question: "I'm anxious about my job", translation: 'KJV' });
    expect(reply.engine).toBe('language-model');
    expect(checks).toHaveBeenCalledTimes(1);
    expect(checks.mock.calls[0]![0]).toBe(reply.response);
    await expectReferencesOfShownText(checker, reply);
  });

  it('checks a corrected answer once more, the draft it corrects once', async () => {
    const { ai, checks, checker } = orchestration(new LanguageModelEngine({ baseUrl: llm.url, model: 'test-model', timeoutMs: 5000 }));
    const reply = await ai.ask({ kind: 'guest' }, '10.0.0.3', { question: 'Quote the invented verse about worry', translation: 'KJV' });
    expect(checks.mock.calls.map(([text]) => text)).toEqual(['Hezekiah 3:16 tells us to give our worries to God.', reply.response]);
    await expectReferencesOfShownText(checker, reply);
  });

  it('streams through the same path: the drafts, then the reply, its answer checked once', async () => {
    const { ai, checks } = orchestration(new LanguageModelEngine({ baseUrl: llm.url, model: 'test-model', timeoutMs: 5000 }));
    const events: AskEvent[] = [];
    const answering = await ai.askLive({ kind: 'guest' }, '10.0.0.4', { question: "I'm anxious about my job", translation: 'KJV' });
    await answering((e) => events.push(e), new AbortController().signal);
    const last = events.at(-1)!;
    expect(last.event).toBe('done');
    expect(events.slice(0, -1).map((e) => e.event)).toEqual(events.slice(0, -1).map(() => 'draft'));
    expect(events.length).toBeGreaterThan(1);
    expect(checks).toHaveBeenCalledTimes(1);
    expect(checks.mock.calls[0]![0]).toBe(last.event === 'done' && last.data.response);
  });
});
