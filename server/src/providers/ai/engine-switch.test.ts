import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswerEngine, EngineAnswer, Retrieval } from './answer-engine.ts';
import { type ChosenEngine, EngineSwitch, type LocalEngine } from './engine-switch.ts';

const found: Retrieval = { passages: [], topics: [], corrections: [], asksToInvent: false };
const request = { question: 'Who is my neighbour?', translation: 'KJV', check: async () => [] };
const engine = (name: EngineAnswer['engine'], text: string): AnswerEngine => ({ answer: async () => ({ text, engine: name }) });

// The downloaded models: files the switch finds (their contents are the factory's business).
const MODELS = mkdtempSync(join(tmpdir(), 'selah-switch-'));
for (const file of ['tiny.gguf', 'other.gguf', 'small.gguf', 'broken.gguf']) writeFileSync(join(MODELS, file), '');

/** A local model that records being built and closed. */
function localModels() {
  const built: string[] = [];
  const closed: string[] = [];
  const factory = (path: string, name: string): LocalEngine => {
    built.push(path);
    return {
      answer: async () => ({ text: `from ${name}`, engine: 'local-model' }),
      status: () => ({ model: name, state: 'ready', running: 0, waiting: 0 }),
      close: async () => void closed.push(path),
    };
  };
  return { built, closed, factory };
}

function switchOver(choice: { current: ChosenEngine }, local = localModels().factory) {
  return new EngineSwitch(async () => choice.current, {
    embedded: engine('scripture-search', 'embedded'),
    server: (baseUrl, model) => engine('language-model', `${model} at ${baseUrl}`),
    local,
    modelPath: (file) => join(MODELS, file),
    modelName: (file) => `Model ${file}`,
  });
}

describe('EngineSwitch', () => {
  it('answers with the chosen engine, and counts the answers by the engine that wrote them', async () => {
    const choice = { current: { kind: 'embedded', model: null, baseUrl: null } as ChosenEngine };
    const engines = switchOver(choice);
    expect((await engines.answer(request, found)).text).toBe('embedded');
    choice.current = { kind: 'server', model: 'qwen2.5:0.5b', baseUrl: 'http://127.0.0.1:11434/v1' };
    await engines.now(true);
    expect((await engines.answer(request, found)).text).toBe('qwen2.5:0.5b at http://127.0.0.1:11434/v1');
    expect((await engines.status()).answers).toEqual({ 'scripture-search': 1, 'language-model': 1 });
  });

  it('builds a local model once, reports its state, and closes it when another engine is chosen', async () => {
    const models = localModels();
    const choice = { current: { kind: 'local', model: 'tiny.gguf', baseUrl: null } as ChosenEngine };
    const engines = switchOver(choice, models.factory);
    await Promise.all([engines.answer(request, found), engines.answer(request, found), engines.status()]);
    expect(models.built).toEqual([join(MODELS, 'tiny.gguf')]);
    expect((await engines.status()).local).toEqual({ model: 'Model tiny.gguf', state: 'ready', running: 0, waiting: 0 });
    choice.current = { kind: 'embedded', model: null, baseUrl: null };
    expect((await engines.status()).local).toBeNull();
    expect(models.closed).toEqual([join(MODELS, 'tiny.gguf')]);
  });

  it('leaves the embedded engine answering, and says why, when the chosen one cannot be built', async () => {
    const choice = { current: { kind: 'local', model: 'tiny.gguf', baseUrl: null } as ChosenEngine };
    const engines = switchOver(choice, () => {
      throw new Error('Running a downloaded model is not available.');
    });
    expect((await engines.answer(request, found)).engine).toBe('scripture-search');
    expect((await engines.status()).error).toBe('Running a downloaded model is not available.');
    choice.current = { kind: 'configured', model: null, baseUrl: null };
    expect((await engines.status()).error).toBe('The site’s settings name no language model (AI_BASE_URL and AI_MODEL).');
  });

  it('does not start a model another process downloaded into its own data folder, and says so', async () => {
    const models = localModels();
    const engines = switchOver({ current: { kind: 'local', model: 'elsewhere.gguf', baseUrl: null } }, models.factory);
    expect((await engines.answer(request, found)).engine).toBe('scripture-search');
    expect((await engines.status()).error).toBe('Model elsewhere.gguf is not in this server’s data folder: the embedded engine answers here.');
    expect(models.built).toEqual([]);
  });
});
