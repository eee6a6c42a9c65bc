import { request } from 'node:http';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskReply, TopicPassages } from '#common/contracts/ai.ts';
import { startOpenAiServer, type ChatRequest, type Reply } from '../../../test/openai-server.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { SYSTEM_SWORD } from '../../../test/prepared-databases.ts';

const KEY = 'sk-selah-test-0123456789';
const lastUser = (r: ChatRequest) => r.body.messages.filter((m) => m.role === 'user').at(-1)!.content;

// The stand-in model answers by what the question asks of it.
function model(request: ChatRequest): Reply {
  const question = request.body.messages.find((m) => m.role === 'user')!.content;
  const correcting = lastUser(request).startsWith('These references in your answer are not right');
  // A search's suggestions: one invented reference among real ones, and one twice.
  if (question.startsWith('Search:')) return question.includes('overloaded') ? { status: 500 } : { text: 'Romans 5:8\nHezekiah 3:16\nJohn 3:16\nRomans 5:8' };
  if (question.includes('overloaded')) return { status: 500 };
  if (question.includes('ponder slowly') || question.includes('until I leave')) return { hang: true };
  if (question.includes('stubborn')) return { text: 'As Hezekiah 3:16 says, God helps those who help themselves.' };
  if (question.includes('invented')) {
    return correcting
      ? { text: 'Give your worries to God: “Casting all your care upon him; for he careth for you” (1 Peter 5:7).' }
      : { text: 'Hezekiah 3:16 tells us to give our worries to God.' };
  }
  if (question.includes('misquote')) return { text: '“For God so loved the world that he sent his Son to condemn it” (John 3:16). Stubbornly so.' };
  return {
    text: 'When worry weighs on you, give it to God: “Casting all your care upon him; for he careth for you” (1 Peter 5:7). See also Philippians 4:6-7.',
  };
}

let llm: Awaited<ReturnType<typeof startOpenAiServer>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  llm = await startOpenAiServer(model);
  app = await startTestApp({ env: { AI_BASE_URL: llm.url, AI_MODEL: 'test-model', AI_API_KEY: KEY, AI_TIMEOUT_MS: '1500' } });
}, 300_000);
afterAll(async () => {
  await app.stop();
  await llm.stop();
});

async function ask(question: string) {
  const res = await app.server.inject({ method: 'POST', url: '/api/ai/ask', headers: { host: 'localhost' }, payload: { question, translation: 'KJV' } });
  expect(res.body).not.toContain(KEY);
  return { status: res.statusCode, body: res.json() as AskReply & { message?: string } };
}

describe('POST /api/ai/ask with an OpenAI-compatible model (streamed over real HTTP)', () => {
  it('sends the store’s passages with the question and the key, and verifies what comes back', async () => {
    const { status, body } = await ask("I'm anxious about my job");
    expect(status).toBe(200);
    expect(body.engine).toBe('language-model');
    expect(body.response).toMatch(/^When worry weighs on you/);
    expect(body.references.map((r) => [r.reference, r.status])).toEqual([
      ['1 Peter 5:7', 'verified'],
      ['Philippians 4:6-7', 'verified'],
    ]);
    const sent = llm.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({ model: 'test-model', stream: true });
    expect(lastUser(sent)).toContain('Philippians 4:6-7: Be careful for nothing');
    expect(lastUser(sent)).toContain("Question: I'm anxious about my job");
  });

  it('asks the model once to correct an invented reference, and shows the corrected answer', async () => {
    const before = llm.requests.length;
    const { body } = await ask('an invented reference, please');
    expect(llm.requests.length - before).toBe(2);
    expect(lastUser(llm.requests.at(-1)!)).toMatch(/Hezekiah 3:16: There is no book called Hezekiah/);
    expect(body.response).not.toContain('Hezekiah');
    expect(body.references.map((r) => r.status)).toEqual(['verified']);
  });

  it('never shows an invented reference as valid, and flags a misquote', async () => {
    const stubborn = (await ask('stubborn')).body;
    expect(stubborn.response).toContain('~~Hezekiah 3:16~~ (not found in Scripture)');
    expect(stubborn.references).toEqual([expect.objectContaining({ written: 'Hezekiah 3:16', status: 'invalid' })]);

    const misquote = (await ask('misquote John 3:16')).body;
    expect(misquote.references).toEqual([expect.objectContaining({ reference: 'John 3:16', status: 'misquoted' })]);
  });

  it('says clearly when the service fails or takes too long', async () => {
    expect(await ask('overloaded')).toMatchObject({
      status: 502,
      body: { message: 'The AI service could not answer (it replied 500). Please try again later.' },
    });
    expect(await ask('ponder slowly')).toMatchObject({ status: 504, body: { message: 'The AI service took too long to answer. Please try again.' } });
  });

  it('streams drafts as the model writes, then the checked answer, or the error, as server-sent events', async () => {
    const events = async (question: string) => {
      const res = await app.server.inject({ method: 'POST', url: '/api/ai/ask/stream', headers: { host: 'localhost' }, payload: { question } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.body).not.toContain(KEY);
      return res.body
        .trim()
        .split('\n\n')
        .map((block) => {
          const [event, data] = block.split('\n');
          return { event: event!.replace('event: ', ''), data: JSON.parse(data!.replace('data: ', '')) };
        });
    };
    const answered = await events("I'm anxious about my job");
    const drafts = answered.filter((e) => e.event === 'draft').map((e) => e.data.text as string);
    expect(drafts.length).toBeGreaterThan(3);
    expect(drafts[0]!.length).toBeLessThan(drafts.at(-1)!.length);
    const done = answered.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.references.map((r: { reference: string }) => r.reference)).toEqual(['1 Peter 5:7', 'Philippians 4:6-7']);

    // A draft may still hold an invented reference; the answer that is shown in the end does not.
    const corrected = await events('an invented reference, please');
    expect(corrected.some((e) => e.event === 'draft' && e.data.text.includes('Hezekiah'))).toBe(true);
    expect(corrected.at(-1)!.data.response).not.toContain('Hezekiah');

    expect((await events('overloaded')).at(-1)).toEqual({
      event: 'error',
      data: { message: 'The AI service could not answer (it replied 500). Please try again later.' },
    });
  });

  it('stops asking the model when the person stops or leaves, before its time-out would', async () => {
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    const asked = llm.requests.length;
    const client = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/ai/ask/stream',
      headers: { 'content-type': 'application/json', host: 'localhost' },
    });
    client.on('error', () => {});
    client.end(JSON.stringify({ question: 'Answer until I leave' }));
    await expect.poll(() => llm.requests.length).toBe(asked + 1);
    const left = Date.now();
    client.destroy();
    await expect.poll(() => llm.abandoned.some((r) => lastUser(r).includes('until I leave')), { timeout: 3_000, interval: 20 }).toBe(true);
    // The time-out (1.5 s from the question) would also end it: this must be the page leaving.
    expect(Date.now() - left).toBeLessThan(1_000);
  });

  it('suggests passages for a search, each checked against the store, asks once per search, and searches on without it', async () => {
    const search = (q: string) => app.server.inject({ method: 'GET', url: `/api/ai/passages?q=${encodeURIComponent(q)}`, headers: { host: 'localhost' } });
    const asked = llm.requests.length;
    const first = await search('who was Melchizedek');
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain(KEY);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const sources = (res: typeof first) => (res.json() as TopicPassages).passages.map((p) => [p.reference, p.source]);
    expect(sources(first)).toEqual([
      ['Romans 5:8', 'model'],
      ['John 3:16', 'model'],
    ]);
    expect((first.json() as TopicPassages).passages[0]!.text).toMatch(/^But God commendeth his love toward us/);
    expect(llm.requests.at(-1)!.body.messages.at(-1)!.content).toBe('Search: who was Melchizedek');
    // The same search again is answered from memory.
    expect(sources(await search('Who was MELCHIZEDEK'))).toEqual(sources(first));
    expect(llm.requests.length).toBe(asked + 1);

    // A topic's passages come first, the model's after them, none twice.
    const anxiety = sources(await search('verses about anxiety'));
    expect(anxiety[0]).toEqual(['Philippians 4:6-7', 'topic']);
    expect(anxiety.filter(([, source]) => source === 'model').length).toBeGreaterThan(0);
    expect(anxiety.length).toBeLessThanOrEqual(6);

    // The model failing leaves the search as it would be without one, not kept in caches.
    const failed = await search('overloaded');
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ topics: [], passages: [] });
    expect(failed.headers['cache-control']).toBe('no-store');
  });
});

const studyInstalled = ['engKJV2006eb', 'strongsgreek', 'mhcc'].every((m) => existsSync(`/usr/share/sword/mods.d/${m}.conf`));
describe.skipIf(!studyInstalled)("a model explaining a passage from the lexicon and the commentaries (needs Debian's KJV, Strong's and MHCC)", () => {
  let study: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    study = await startTestApp({
      env: { AI_BASE_URL: llm.url, AI_MODEL: 'test-model', AI_TIMEOUT_MS: '1500', SWORD_DISCOVERY: 'on', SWORD_PATH: SYSTEM_SWORD },
    });
  }, 300_000);
  afterAll(() => study?.stop());

  it("sends the key word's lexicon entry and each commentary's excerpt in the prompt, and says what the answer drew on", async () => {
    const res = await study.server.inject({
      method: 'POST',
      url: '/api/ai/ask',
      headers: { host: 'localhost' },
      payload: { question: 'Why does it say only begotten?', reference: 'John 3:16', translation: 'KJV' },
    });
    const body = res.json() as AskReply;
    expect(body.engine).toBe('language-model');
    const sent = lastUser(llm.requests.at(-1)!);
    expect(sent).toContain(
      "- only begotten: μονογενής, monogenḗs, G3439: only-born, i.e. sole; in the KJV: only (begotten, child). (Strong's Greek Dictionary of Bible Words, Public Domain)",
    );
    expect(sent).toMatch(
      /From Matthew Henry's Concise Commentary on the Whole Bible \(Public Domain\), on John 3:\d+:\n.*whoever believes in Christ, shall not perish/,
    );
    expect(body.sources).toMatch(
      /^Written by a language model from Scripture, Matthew Henry's Concise Commentary on the Whole Bible, .* and Strong's Greek Dictionary of Bible Words; every reference checked$/,
    );
  });
});
