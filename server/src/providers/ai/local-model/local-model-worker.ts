import { parentPort, workerData } from 'node:worker_threads';
import { getLlama, LlamaChat, LlamaLogLevel, type ChatHistoryItem, type Llama, type LlamaGrammar } from 'node-llama-cpp';
import type { FromWorker, ToWorker, WorkerSettings } from './local-model-protocol.ts';

/**
 * The model's own thread (local-model-engine.ts starts it): loads the GGUF file once, then writes one
 * reply at a time, streaming its text back, so inference never holds up the server's event loop.
 */
const settings = workerData as WorkerSettings;
const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);

const loaded = load();
loaded.then(
  () => post({ type: 'ready' }),
  (error: unknown) => post({ type: 'failed', error: describe(error) }),
);

async function load(): Promise<{ llama: Llama; chat: LlamaChat; grammar?: LlamaGrammar }> {
  // The prebuilt CPU binary only: a server never compiles llama.cpp when a model is switched on.
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
  const model = await llama.loadModel({ modelPath: settings.modelPath });
  const context = await model.createContext({ contextSize: settings.contextSize, threads: settings.threads });
  const chat = new LlamaChat({ contextSequence: context.getSequence() });
  const grammar = settings.grammar ? await llama.createGrammar({ grammar: settings.grammar }) : undefined;
  return { llama, chat, grammar };
}

const stops = new Map<number, AbortController>();
// Replies are written in the order asked, each after the one before has ended.
let line = Promise.resolve();
port.on('message', (message: ToWorker) => {
  if (message.type === 'stop') return stops.get(message.id)?.abort();
  if (message.type === 'close') return void line.then(shutDown);
  const stop = new AbortController();
  stops.set(message.id, stop);
  line = line.then(() => complete(message, stop.signal)).finally(() => stops.delete(message.id));
});

async function complete({ id, system, turns }: Extract<ToWorker, { type: 'complete' }>, signal: AbortSignal): Promise<void> {
  try {
    const { chat, grammar } = await loaded;
    if (signal.aborted) return post({ type: 'done', id, text: '' });
    const history: ChatHistoryItem[] = [
      { type: 'system', text: system },
      ...turns.map((t): ChatHistoryItem => (t.role === 'user' ? { type: 'user', text: t.content } : { type: 'model', response: [t.content] })),
      { type: 'model', response: [] },
    ];
    const reply = await chat.generateResponse(history, {
      signal,
      stopOnAbortSignal: true,
      maxTokens: settings.maxTokens,
      grammar,
      onTextChunk: (text) => post({ type: 'chunk', id, text }),
    });
    post({ type: 'done', id, text: reply.response });
  } catch (error) {
    post({ type: 'error', id, message: describe(error) });
  }
}

/**
 * Frees the model and lets the thread end by itself: a worker terminated while llama.cpp is inside a
 * native call takes the whole process down with it.
 */
async function shutDown(): Promise<void> {
  try {
    await (await loaded).llama.dispose();
  } catch {
    // Never loaded: nothing to free.
  }
  port.close();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
