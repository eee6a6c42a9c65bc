import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { writeTinyModel } from '../../../test/tiny-gguf.ts';
import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import { LocalModelEngine } from '../../providers/ai/local-model/local-model-engine.ts';
import { ScriptureEngine } from '../../providers/ai/scripture-engine.ts';
import { CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import { SearchService } from '../search/search.service.ts';
import { AiService, questionLimit, type AskEvent } from './ai.service.ts';
import { PassageFinder } from './passage-finder.ts';
import { ReferenceCheck } from './reference-check.ts';

// The real orchestration (retrieve → answer → verify → present) on the real store, answered by llama.cpp
// running a tiny random-weights model; a grammar makes it write words, one reference invented.
const WRITTEN = 'See Hezekiah 3:16 and John 3:16.';

const folder = mkdtempSync(join(tmpdir(), 'selah-local-answer-'));
let app: Awaited<ReturnType<typeof startTestApp>>;
let engine: LocalModelEngine;
let ai: AiService;
let checked: string[];
beforeAll(async () => {
  app = await startTestApp();
  engine = new LocalModelEngine({
    modelPath: writeTinyModel(join(folder, 'tiny.gguf')),
    name: 'Tiny Test',
    fallback: new ScriptureEngine(),
    threads: 1,
    contextSize: 8192,
    maxTokens: 64,
    grammar: `root ::= "${WRITTEN}"`,
  });
  const checker = new ReferenceCheck(app.bible);
  checked = [];
  const check = checker.answer.bind(checker);
  checker.answer = (text, translation) => {
    checked.push(text);
    return check(text, translation);
  };
  const finder = new PassageFinder(app.bible, new SearchService(app.library.store, app.bible), new CrossReferences());
  ai = new AiService(
    app.bible,
    checker,
    finder,
    engine,
    'Please call the Selah test crisis line now: 000-TEST.',
    questionLimit(new Quota(new QuotaRepository(app.database.db), 'ai-questions'), 1000),
  );
}, 300_000);
afterAll(async () => {
  await engine?.close();
  await app?.stop();
  rmSync(folder, { recursive: true, force: true });
});

function askLive(question: string) {
  const events: AskEvent[] = [];
  const done = ai
    .askLive({ kind: 'guest' }, '10.0.0.9', { question, translation: 'KJV' })
    .then((answering) => answering((e) => events.push(e), new AbortController().signal));
  return { events, done };
}

describe('a question answered by the AI model on this server', () => {
  it('strikes the reference the model invented, verifies the real one, after asking the model once to correct it', async () => {
    const { events, done } = askLive('What does Hezekiah 3:16 say about worry?');
    await done;
    const last = events.at(-1)!;
    if (last.event !== 'done') throw new Error(`the question ended with ${JSON.stringify(last)}`);
    expect(last.data.engine).toBe('local-model');
    expect(last.data.response).toBe('See ~~Hezekiah 3:16~~ (not found in Scripture) and John 3:16.');
    expect(last.data.references.map((r) => [r.written, r.status])).toEqual([
      ['Hezekiah 3:16', 'invalid'],
      ['John 3:16', 'verified'],
    ]);
    expect(last.data.sources).toBe('Written by Tiny Test, the AI model on this server, from Scripture; every reference checked');
    // Two replies streamed: the draft, then the correction asked for (the grammar writes it the same).
    const drafts = events.flatMap((e) => (e.event === 'draft' ? [e.data.text] : []));
    expect(drafts.filter((d) => d === WRITTEN)).toHaveLength(2);
    expect(drafts.indexOf(WRITTEN)).toBeLessThan(drafts.lastIndexOf(WRITTEN));
    // The corrected answer is the text the draft was checked as: checked once.
    expect(checked.filter((text) => text === WRITTEN)).toHaveLength(1);
  });

  it('tells the second of two questions asked at once that it is next in line, then answers both', async () => {
    await vi.waitFor(() => expect(engine.status().state).toBe('ready'), { timeout: 60_000, interval: 20 });
    const first = askLive('What does John 3:16 say?');
    const second = askLive('What does Hezekiah 3:16 say?');
    await Promise.all([first.done, second.done]);
    expect(first.events.some((e) => e.event === 'queued')).toBe(false);
    expect(second.events[0]).toEqual({ event: 'queued', data: { place: 1 } });
    expect(second.events.at(-1)).toMatchObject({ event: 'done', data: { engine: 'local-model' } });
    expect(first.events.at(-1)).toMatchObject({ event: 'done', data: { engine: 'local-model' } });
  });
});
