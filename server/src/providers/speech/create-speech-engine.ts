import type { AppConfig } from '../../config.ts';
import { workerPool } from '../../lib/worker-pool.ts';
import { FliteEngine } from './flite-engine.ts';
import { OpenAiSpeechEngine } from './openai-speech-engine.ts';
import type { SpeechEngine } from './speech-engine.ts';

/**
 * The speech service when TTS_* is set, else the embedded engine. Either way the sound is encoded in
 * worker threads: two passages at once, a few more waiting, and beyond that the server says it is busy.
 */
export function createSpeechEngine(config: Pick<AppConfig, 'speech'>): SpeechEngine {
  const pool = workerPool(new URL('./speech.worker.ts', import.meta.url), { maxThreads: 2, maxQueue: 6 });
  return config.speech ? new OpenAiSpeechEngine(config.speech, pool) : new FliteEngine(pool);
}
