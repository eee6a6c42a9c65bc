import type { Piscina } from 'piscina';
import { FLITE_STRETCH, FLITE_VOICE } from './flite-voice.ts';
import type { Mp3Speech } from './mp3.ts';
import type { SpeechEngine } from './speech-engine.ts';
import type { SpeechTask } from './speech.worker.ts';

/**
 * The embedded engine: CMU Flite in WebAssembly, in worker threads. Chosen over espeak-ng (faster but
 * harder to follow, and GPL) by listening to both; see docs/audio.md.
 */
export class FliteEngine implements SpeechEngine {
  readonly id = `flite-0.1.1-${FLITE_VOICE}-x${FLITE_STRETCH}-v1`;

  constructor(private readonly pool: Piscina) {}

  speak(texts: readonly string[], { titled }: { titled: boolean }): Promise<Mp3Speech> {
    return this.pool.run({ kind: 'flite', voice: FLITE_VOICE, texts: [...texts], titled } satisfies SpeechTask);
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
