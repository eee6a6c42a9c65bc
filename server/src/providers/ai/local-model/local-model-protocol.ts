import type { ChatTurn } from '../answer-prompt.ts';

/** What the model's worker is started with. */
export interface WorkerSettings {
  modelPath: string;
  contextSize: number;
  threads?: number;
  /** The most tokens one reply may have. */
  maxTokens: number;
  /** GBNF every reply must follow: only tests set it, to make a random-weights model write words. */
  grammar?: string;
}

/** From the engine to its worker: write a reply, stop writing one, or free the model and end. */
export type ToWorker = { type: 'complete'; id: number; system: string; turns: ChatTurn[] } | { type: 'stop'; id: number } | { type: 'close' };

/** From the worker: the model is loaded or failed to; a reply's next text, its end, or why it has none. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'chunk'; id: number; text: string }
  | { type: 'done'; id: number; text: string }
  | { type: 'error'; id: number; message: string };
