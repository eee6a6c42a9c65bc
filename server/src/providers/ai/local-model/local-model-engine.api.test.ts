import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeTinyModel } from '../../../../test/tiny-gguf.ts';
import type { AnswerLive, AnswerRequest, EngineAnswer, Retrieval } from '../answer-engine.ts';
import { ScriptureEngine } from '../scripture-engine.ts';
import { LocalModelEngine } from './local-model-engine.ts';

// A real llama.cpp in a real worker thread, on a tiny random-weights model written for the test: it
// writes gibberish, until its token limit (it never ends by itself), so how long an answer runs is known.
const folder = mkdtempSync(join(tmpdir(), 'selah-local-model-'));
const modelPath = writeTinyModel(join(folder, 'tiny.gguf'));

const found: Retrieval = {
  passages: [{ reference: 'John 3:16', text: 'For God so loved the world, that he gave his only begotten Son.', href: '/read/John/3?translation=KJV#v16' }],
  topics: [],
  corrections: [],
  asksToInvent: false,
};
const request = (question: string): AnswerRequest => ({ question, translation: 'KJV', check: async () => [] });

/** One question as the stream asks it: what it heard while it waited and was written, and how it ended. */
function ask(engine: LocalModelEngine, question: string, extra: Partial<AnswerLive> = {}) {
  const heard = { places: [] as number[], drafts: [] as string[] };
  const answered: Promise<EngineAnswer> = engine.answer(request(question), found, {
    onQueued: (place) => heard.places.push(place),
    onDraft: (draft) => heard.drafts.push(draft),
    ...extra,
  });
  return { heard, answered };
}

const loaded = (e: LocalModelEngine) => vi.waitFor(() => expect(e.status().state).toBe('ready'), { timeout: 60_000, interval: 20 });

let engine: LocalModelEngine;
beforeAll(async () => {
  engine = new LocalModelEngine({
    modelPath,
    name: 'Tiny Test',
    fallback: new ScriptureEngine(),
    maxWaiting: 1,
    threads: 1,
    contextSize: 2048,
    maxTokens: 200,
  });
  await loaded(engine);
});
afterAll(async () => {
  await engine?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the local model engine: a GGUF model in a worker thread, one question at a time', () => {
  it('loads the model and streams the answer as it is written, each draft the whole answer so far', async () => {
    const { heard, answered } = ask(engine, 'Who is loved?');
    const answer = await answered;
    expect(answer.engine).toBe('local-model');
    expect(answer.sources).toBe('Written by Tiny Test, the AI model on this server, from Scripture; every reference checked');
    expect(heard.places).toEqual([]);
    expect(heard.drafts.length).toBeGreaterThan(3);
    heard.drafts.slice(1).forEach((draft, i) => expect(draft.startsWith(heard.drafts[i]!)).toBe(true));
    expect(answer.text).toBe(heard.drafts.at(-1)!.trim());
    expect(engine.status()).toEqual({ model: 'Tiny Test', state: 'ready', running: 0, waiting: 0 });
  });

  it('answers two questions asked at once in order, the second told it is next in line', async () => {
    const finished: string[] = [];
    const first = ask(engine, 'First question');
    const second = ask(engine, 'Second question');
    expect(engine.status()).toMatchObject({ running: 1, waiting: 1 });
    const answers = await Promise.all([first.answered.then(() => finished.push('first')), second.answered.then(() => finished.push('second'))]);
    expect(answers).toHaveLength(2);
    expect(finished).toEqual(['first', 'second']);
    expect(first.heard.places).toEqual([]);
    expect(second.heard.places).toEqual([1]);
    // The second is written only once the first is done.
    expect(second.heard.drafts.length).toBeGreaterThan(0);
    expect(engine.status()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('stops the answer being written when the person stops, and the next in line is answered', async () => {
    const stop = new AbortController();
    const stoppedDrafts: string[] = [];
    const stopped = ask(engine, 'A question stopped', {
      signal: stop.signal,
      onDraft: (draft) => {
        stoppedDrafts.push(draft);
        stop.abort();
      },
    });
    const next = ask(engine, 'The next question');
    await expect(stopped.answered).rejects.toThrow('Stopped.');
    const answer = await next.answered;
    expect(answer.engine).toBe('local-model');
    expect(next.heard.places).toEqual([1]);
    // It ended at its first words, well before the token limit the next answer ran to.
    expect(stoppedDrafts.at(-1)!.length * 4).toBeLessThan(answer.text.length);
    expect(engine.status()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('takes a question that stops while waiting out of the line, and moves those behind it up', async () => {
    const leave = new AbortController();
    const engine3 = new LocalModelEngine({
      modelPath,
      name: 'Tiny Test',
      fallback: new ScriptureEngine(),
      maxWaiting: 3,
      threads: 1,
      contextSize: 2048,
      maxTokens: 100,
    });
    try {
      await loaded(engine3);
      const first = ask(engine3, 'First');
      const leaving = ask(engine3, 'Leaving', { signal: leave.signal });
      const third = ask(engine3, 'Third');
      expect(third.heard.places).toEqual([2]);
      leave.abort();
      await expect(leaving.answered).rejects.toThrow('Stopped.');
      expect(third.heard.places).toEqual([2, 1]);
      expect(engine3.status()).toMatchObject({ running: 1, waiting: 1 });
      expect((await Promise.all([first.answered, third.answered])).map((a) => a.engine)).toEqual(['local-model', 'local-model']);
    } finally {
      await engine3.close();
    }
  });

  it('answers with the fallback at once when more than maxWaiting are waiting', async () => {
    const running = ask(engine, 'Running');
    const waiting = ask(engine, 'Waiting');
    const turnedAway = ask(engine, 'Turned away');
    const quick = await turnedAway.answered;
    expect(quick.engine).toBe('scripture-search');
    expect(quick.text).toContain('John 3:16');
    expect(turnedAway.heard.places).toEqual([]);
    expect(engine.status()).toMatchObject({ running: 1, waiting: 1 });
    expect((await Promise.all([running.answered, waiting.answered])).map((a) => a.engine)).toEqual(['local-model', 'local-model']);
  });

  it('stops a reply that takes too long, says so (504), and gives the model to the next in line', async () => {
    const slow = new LocalModelEngine({
      modelPath,
      name: 'Tiny Test',
      fallback: new ScriptureEngine(),
      threads: 1,
      contextSize: 2048,
      maxTokens: 20_000,
      timeoutMs: 300,
    });
    try {
      await loaded(slow);
      const first = ask(slow, 'A long answer');
      const next = ask(slow, 'The next question');
      await expect(first.answered).rejects.toMatchObject({
        statusCode: 504,
        message: 'The AI model on this server took too long to answer. Please try again.',
      });
      await expect(next.answered).rejects.toMatchObject({ statusCode: 504 });
      expect(next.heard.places).toEqual([1]);
      expect(next.heard.drafts.length).toBeGreaterThan(0);
      expect(slow.status()).toMatchObject({ state: 'ready', running: 0, waiting: 0 });
    } finally {
      await slow.close();
    }
  });

  it('answers with the fallback a question being written when the model is closed (switched off)', async () => {
    const closing = new LocalModelEngine({ modelPath, name: 'Tiny Test', fallback: new ScriptureEngine(), threads: 1, contextSize: 2048, maxTokens: 20_000 });
    await loaded(closing);
    let closed: Promise<void> | undefined;
    const asked = ask(closing, 'Asked as the model is switched off', { onDraft: () => void (closed ??= closing.close()) });
    const answer = await asked.answered;
    await closed;
    expect(answer.engine).toBe('scripture-search');
    expect(closing.status()).toMatchObject({ state: 'failed', error: 'The model was closed.', running: 0 });
  });

  it('fails clearly on a file that is not a model, and the fallback answers those waiting and those after', async () => {
    const corrupt = join(folder, 'corrupt.gguf');
    writeFileSync(corrupt, 'This is not a model, only words.');
    const broken = new LocalModelEngine({ modelPath: corrupt, name: 'Broken', fallback: new ScriptureEngine(), threads: 1 });
    try {
      const early = ask(broken, 'Asked while it loads');
      expect(early.heard.places).toEqual([1]);
      expect((await early.answered).engine).toBe('scripture-search');
      const status = broken.status();
      expect(status).toMatchObject({ model: 'Broken', state: 'failed', running: 0, waiting: 0 });
      expect(status.error).toMatch(/^The model could not be loaded: .+/);
      expect((await ask(broken, 'Asked after').answered).engine).toBe('scripture-search');
    } finally {
      await broken.close();
    }
  });
});
