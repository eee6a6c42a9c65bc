import { existsSync } from 'node:fs';
import type { AnswerEngine, AnswerLive, AnswerRequest, EngineAnswer, Retrieval } from './answer-engine.ts';
import type { LocalModelStatus } from './local-model/local-model-engine.ts';

/** Which engine the site chose (stored once for every process): `revision` goes up with each change. */
export interface ChosenEngine {
  kind: 'embedded' | 'local' | 'server' | 'configured';
  /** A downloaded model's file, or a server's model name. */
  model: string | null;
  /** A discovered server's base URL. */
  baseUrl: string | null;
}

/** A model run in this process: it loads in the background, answers one question at a time, and must be closed. */
export type LocalEngine = AnswerEngine & { status(): LocalModelStatus; close(): Promise<void> };
export type LocalEngineFactory = (modelPath: string, name: string, fallback: AnswerEngine) => LocalEngine;

export interface EngineFactories {
  embedded: AnswerEngine;
  /** The model the site's settings name (AI_BASE_URL, AI_MODEL), when they do. */
  configured?: AnswerEngine;
  /** An OpenAI-compatible server found on this machine. */
  server: (baseUrl: string, model: string) => AnswerEngine;
  local: LocalEngineFactory;
  /** Where a downloaded model's file is, and its name for people. */
  modelPath: (file: string) => string;
  modelName: (file: string) => string;
}

interface Current {
  key: string;
  choice: ChosenEngine;
  engine: AnswerEngine;
  local?: LocalEngine;
  /** Why the chosen engine could not be built here (the embedded engine answers instead). */
  error?: string;
}

/**
 * The answer engine the AI uses (issue 31 §2): it hands each question to the engine the admin chose,
 * which is read from the database (every process follows one choice) and kept for `freshMs`, so a change
 * made by another process counts within that time. An engine is built when first chosen and a local model
 * closed when another is chosen; one that cannot be built leaves the embedded engine answering, with why.
 */
export class EngineSwitch implements AnswerEngine {
  private current?: Current;
  private readAt = 0;
  private reading?: Promise<Current>;
  private readonly answers = new Map<string, number>();

  constructor(
    private readonly read: () => Promise<ChosenEngine>,
    private readonly factories: EngineFactories,
    private readonly freshMs = 2_000,
  ) {}

  async answer(request: AnswerRequest, found: Retrieval, live?: AnswerLive): Promise<EngineAnswer> {
    const { engine } = await this.now();
    const result = await engine.answer(request, found, live);
    this.answers.set(result.engine, (this.answers.get(result.engine) ?? 0) + 1);
    return result;
  }

  async suggestPassages(query: string, translation: string): Promise<string> {
    const { engine } = await this.now();
    // The search goes on without a model's suggestions (ai.service.ts catches this, and keeps nothing).
    if (!engine.suggestPassages) throw new Error('The chosen engine suggests no passages.');
    return engine.suggestPassages(query, translation);
  }

  /** The engine chosen now: read again when `freshMs` have passed, or at once with `reread` (after a change here). */
  async now(reread = false): Promise<Current> {
    if (!reread && this.current && Date.now() - this.readAt < this.freshMs) return this.current;
    this.reading ??= this.switchTo().finally(() => (this.reading = undefined));
    return this.reading;
  }

  /** What the panel shows: the choice, the local model's state, and the answers given since start by engine. */
  async status(): Promise<{ choice: ChosenEngine; local: LocalModelStatus | null; error: string | null; answers: Record<string, number> }> {
    const current = await this.now(true);
    return {
      choice: current.choice,
      local: current.local?.status() ?? null,
      error: current.error ?? null,
      answers: Object.fromEntries(this.answers),
    };
  }

  /** Answers given since start, by engine (what /metrics reports; read without asking the database). */
  answerCounts(): ReadonlyMap<string, number> {
    return this.answers;
  }

  /** The local model running in this process now, if one is: its line of waiting questions. */
  localModel(): LocalModelStatus | null {
    return this.current?.local?.status() ?? null;
  }

  async close(): Promise<void> {
    await this.reading?.catch(() => undefined);
    await this.current?.local?.close();
    this.current = undefined;
  }

  private async switchTo(): Promise<Current> {
    const choice = await this.read();
    this.readAt = Date.now();
    const key = [choice.kind, choice.model ?? '', choice.baseUrl ?? ''].join('\n');
    if (this.current?.key === key) return this.current;
    const previous = this.current;
    this.current = { key, choice, ...this.build(choice) };
    // A question still being answered by the model it replaces finishes first (close waits for it).
    if (previous?.local) void previous.local.close().catch(() => undefined);
    return this.current;
  }

  private build(choice: ChosenEngine): Pick<Current, 'engine' | 'local' | 'error'> {
    const { embedded, configured, server, local, modelPath, modelName } = this.factories;
    try {
      if (choice.kind === 'local' && choice.model) {
        const path = modelPath(choice.model);
        // Each process has its own data folder: a model downloaded by another may not be in this one.
        if (!existsSync(path)) {
          return { engine: embedded, error: `${modelName(choice.model)} is not in this server’s data folder: the embedded engine answers here.` };
        }
        const engine = local(path, modelName(choice.model), embedded);
        return { engine, local: engine };
      }
      if (choice.kind === 'server' && choice.baseUrl && choice.model) return { engine: server(choice.baseUrl, choice.model) };
      if (choice.kind === 'configured') {
        if (configured) return { engine: configured };
        return { engine: embedded, error: 'The site’s settings name no language model (AI_BASE_URL and AI_MODEL).' };
      }
      return { engine: embedded };
    } catch (error) {
      return { engine: embedded, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
