import { Worker } from 'node:worker_threads';
import { Upstream } from '../../../lib/errors.ts';
import type { AnswerEngine, AnswerLive, AnswerRequest, EngineAnswer, Retrieval } from '../answer-engine.ts';
import { writeAndCorrect, type ChatTurn } from '../answer-prompt.ts';
import { sourcesLine } from '../passage-answer.ts';
import type { FromWorker, ToWorker, WorkerSettings } from './local-model-protocol.ts';

const WORKER = new URL('./local-model-worker.mjs', import.meta.url);
const CLOSE_GRACE_MS = 30_000;

export interface LocalModelOptions {
  /** The GGUF file. */
  modelPath: string;
  /** What the model is called, for the admin page and the answer's sources line. */
  name: string;
  /** Answers when the model cannot: it failed to load, or too many are waiting (the embedded ScriptureEngine). */
  fallback: AnswerEngine;
  /** How many questions may wait for the model; the next one is answered by `fallback` at once. */
  maxWaiting?: number;
  /** Tokens the model holds at once: the instructions, the passages, the question and the answer. */
  contextSize?: number;
  /** CPU threads for inference; llama.cpp's choice when unset. */
  threads?: number;
  /** How long one reply may take once the model has started on it. */
  timeoutMs?: number;
  /** The most tokens one reply may have. */
  maxTokens?: number;
  /** GBNF every reply must follow. Tests only: it makes a random-weights model write chosen words. */
  grammar?: string;
}

export interface LocalModelStatus {
  model: string;
  state: 'loading' | 'ready' | 'failed';
  error?: string;
  /** Questions the model is answering (it answers one at a time). */
  running: number;
  waiting: number;
}

/** A question waiting for the model. */
interface Waiting {
  live: AnswerLive;
  /** Its turn has come: the model is its until it releases it. */
  start(): void;
  /** The model failed while it waited: the fallback answers it. */
  giveUp(): void;
}

/** A reply the worker is writing. */
interface Writing {
  text: string;
  onDraft?: (draft: string) => void;
  settle(outcome: { text: string } | { error: string }): void;
}

/**
 * A GGUF model run on this server's CPU by llama.cpp (node-llama-cpp), in a worker thread so the event
 * loop never waits on inference. The model answers one question at a time; the others wait in line, in
 * the order asked, and hear their place as it changes; past `maxWaiting` in line, or when the model
 * could not be loaded, the fallback answers at once, so nobody is turned away. The prompt and the one
 * self-correction are those of the OpenAI-compatible engine (answer-prompt.ts).
 */
export class LocalModelEngine implements AnswerEngine {
  private state: LocalModelStatus['state'] = 'loading';
  private error?: string;
  private readonly worker: Worker;
  private readonly line: Waiting[] = [];
  private busy = false;
  private readonly writing = new Map<number, Writing>();
  private lastId = 0;
  private closing = false;
  private readonly ended: Promise<void>;
  private readonly maxWaiting: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: LocalModelOptions) {
    this.maxWaiting = options.maxWaiting ?? 4;
    this.timeoutMs = options.timeoutMs ?? 180_000;
    const settings: WorkerSettings = {
      modelPath: options.modelPath,
      contextSize: options.contextSize ?? 4096,
      threads: options.threads,
      maxTokens: options.maxTokens ?? 1024,
      grammar: options.grammar,
    };
    this.worker = new Worker(WORKER, { workerData: settings });
    // The model never keeps the process alive on its own: the server's close ends it (`close`).
    this.worker.unref();
    this.worker.on('message', (message: FromWorker) => this.heard(message));
    this.worker.on('error', (error) => this.fail(`The model stopped: ${error.message}`));
    this.ended = new Promise((resolve) =>
      this.worker.once('exit', (code) => {
        if (!this.closing) this.fail(`The model stopped (exit code ${code}).`);
        resolve();
      }),
    );
  }

  status(): LocalModelStatus {
    return {
      model: this.options.name,
      state: this.state,
      ...(this.error ? { error: this.error } : {}),
      running: this.busy ? 1 : 0,
      waiting: this.line.length,
    };
  }

  /**
   * Ends the model (the admin switched it off or chose another): whoever waits or is being answered is
   * answered by the fallback, the worker stops writing, frees the model and ends by itself.
   */
  async close(): Promise<void> {
    if (!this.closing) {
      this.closing = true;
      this.fail('The model was closed.');
      this.worker.postMessage({ type: 'close' } satisfies ToWorker);
      // Only a worker stuck in a native call is ended by force (which may take the process with it).
      const stuck = setTimeout(() => void this.worker.terminate(), CLOSE_GRACE_MS);
      void this.ended.then(() => clearTimeout(stuck));
    }
    await this.ended;
  }

  async answer(request: AnswerRequest, found: Retrieval, live: AnswerLive = {}): Promise<EngineAnswer> {
    if (live.signal?.aborted) throw new Upstream('Stopped.');
    const release = this.state === 'failed' || this.line.length >= this.maxWaiting ? undefined : await this.turn(live);
    if (!release) return this.options.fallback.answer(request, found, live);
    try {
      const text = await writeAndCorrect(request, found, (system, turns) => this.complete(system, turns, live));
      const sources = sourcesLine(found.study, found.commentary?.source, `Written by ${this.options.name}, the AI model on this server, from`);
      return { text, engine: 'local-model', sources };
    } catch (error) {
      // The model died under this question: it is answered all the same.
      if (error instanceof ModelGone) return this.options.fallback.answer(request, found, live);
      throw error;
    } finally {
      release();
    }
  }

  /** Waits for the model: resolves with the release of it, or undefined when the model failed meanwhile. */
  private turn(live: AnswerLive): Promise<(() => void) | undefined> {
    const release = () => {
      this.busy = false;
      this.next();
    };
    if (this.state === 'ready' && !this.busy && this.line.length === 0) {
      this.busy = true;
      return Promise.resolve(release);
    }
    return new Promise<boolean>((resolve, reject) => {
      const leave = () => {
        const at = this.line.indexOf(waiting);
        if (at < 0) return;
        this.line.splice(at, 1);
        this.tellPlaces(at);
        reject(new Upstream('Stopped.'));
      };
      const waiting: Waiting = {
        live,
        start: () => {
          live.signal?.removeEventListener('abort', leave);
          resolve(true);
        },
        giveUp: () => {
          live.signal?.removeEventListener('abort', leave);
          resolve(false);
        },
      };
      live.signal?.addEventListener('abort', leave, { once: true });
      this.line.push(waiting);
      live.onQueued?.(this.line.length);
    }).then((started) => (started ? release : undefined));
  }

  /** The model is free (or just loaded): the first in line starts, the others move up. */
  private next(): void {
    if (this.state !== 'ready' || this.busy) return;
    const first = this.line.shift();
    if (!first) return;
    this.busy = true;
    first.start();
    this.tellPlaces(0);
  }

  private tellPlaces(from: number): void {
    for (let place = from; place < this.line.length; place++) this.line[place]!.live.onQueued?.(place + 1);
  }

  /** One reply of the model, streamed to `live` as drafts; stopped when the person stops or it takes too long. */
  private complete(system: string, turns: ChatTurn[], live: AnswerLive): Promise<string> {
    if (this.state === 'failed') return Promise.reject(new ModelGone());
    const id = ++this.lastId;
    const send = (message: ToWorker) => this.worker.postMessage(message);
    return new Promise<string>((resolve, reject) => {
      let stopped: Upstream | undefined;
      const stop = (why: Upstream) => {
        stopped ??= why;
        send({ type: 'stop', id });
      };
      const onAbort = () => stop(new Upstream('Stopped.'));
      const timer = setTimeout(() => stop(new Upstream('The AI model on this server took too long to answer. Please try again.', true)), this.timeoutMs);
      live.signal?.addEventListener('abort', onAbort, { once: true });
      // The question keeps the model until the worker has ended the reply, so the next starts on a free model.
      this.writing.set(id, {
        text: '',
        onDraft: live.onDraft,
        settle: (outcome) => {
          clearTimeout(timer);
          live.signal?.removeEventListener('abort', onAbort);
          this.writing.delete(id);
          if (stopped) reject(stopped);
          else if ('error' in outcome)
            reject(outcome.error === GONE ? new ModelGone() : new Upstream('The AI model on this server could not answer. Please try again.'));
          else if (!outcome.text.trim()) reject(new Upstream('The AI model on this server wrote an empty answer. Please try again.'));
          else resolve(outcome.text.trim());
        },
      });
      send({ type: 'complete', id, system, turns });
    });
  }

  private heard(message: FromWorker): void {
    if (message.type === 'ready') {
      this.state = 'ready';
      this.next();
    } else if (message.type === 'failed') {
      this.fail(`The model could not be loaded: ${message.error}`);
    } else {
      const reply = this.writing.get(message.id);
      if (!reply) return;
      if (message.type === 'chunk') {
        // A chunk may carry no text (a token that only ends a segment): the draft has not changed.
        if (!message.text) return;
        reply.text += message.text;
        reply.onDraft?.(reply.text);
      } else if (message.type === 'done') reply.settle({ text: message.text });
      else reply.settle({ error: message.message });
    }
  }

  /** The model cannot answer any more: whoever waits or is being answered is answered by the fallback. */
  private fail(error: string): void {
    if (this.state === 'failed') return;
    this.state = 'failed';
    this.error = error;
    for (const id of this.writing.keys()) this.worker.postMessage({ type: 'stop', id } satisfies ToWorker);
    for (const reply of [...this.writing.values()]) reply.settle({ error: GONE });
    for (const waiting of this.line.splice(0)) waiting.giveUp();
  }
}

const GONE = 'the model is gone';

class ModelGone extends Error {
  constructor() {
    super(GONE);
  }
}
