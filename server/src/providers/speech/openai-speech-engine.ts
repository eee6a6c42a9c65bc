import { createHash } from 'node:crypto';
import type { Piscina } from 'piscina';
import type { AppConfig } from '../../config.ts';
import { Upstream } from '../../lib/errors.ts';
import type { Mp3Speech } from './mp3.ts';
import type { SpeechEngine } from './speech-engine.ts';
import type { SpeechTask } from './speech.worker.ts';
import { parseWav, type Pcm } from './wav.ts';

/** Verses asked of the service at once: enough to be quick, few enough for its rate limits. */
const PARALLEL = 4;
const TIMEOUT_MS = 60_000;

/**
 * Any OpenAI-compatible speech endpoint (`POST {TTS_BASE_URL}/audio/speech`: OpenAI, Kokoro-FastAPI,
 * openedai-speech, LocalAI). Each verse is asked for on its own, as WAV (its header says the sample
 * rate, which differs between services), so the verse starts are exact; the MP3 is made here.
 */
export class OpenAiSpeechEngine implements SpeechEngine {
  readonly id: string;

  constructor(
    private readonly config: NonNullable<AppConfig['speech']>,
    private readonly pool: Piscina,
  ) {
    // The address is in the id, hashed: another service with the same model name sounds different.
    const where = createHash('sha256').update(config.baseUrl).digest('hex').slice(0, 8);
    this.id = `openai-${where}-${config.model}-${config.voice}-v1`;
  }

  async speak(texts: readonly string[], { titled }: { titled: boolean }): Promise<Mp3Speech> {
    const segments: Pcm[] = new Array(texts.length);
    let next = 0;
    const lane = async () => {
      while (next < texts.length) {
        const i = next++;
        segments[i] = await this.speakOne(texts[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, texts.length) }, lane));
    return this.pool.run({ kind: 'encode', segments, titled } satisfies SpeechTask);
  }

  private async speakOne(input: string): Promise<Pcm> {
    let response: Response;
    try {
      response = await fetch(`${this.config.baseUrl}/audio/speech`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.config.apiKey && { authorization: `Bearer ${this.config.apiKey}` }),
        },
        body: JSON.stringify({ model: this.config.model, voice: this.config.voice, input, response_format: 'wav' }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new Upstream(timedOut ? 'The speech service took too long to answer.' : 'The speech service could not be reached.', timedOut);
    }
    if (!response.ok) throw new Upstream(`The speech service refused the request (HTTP ${response.status}).`);
    try {
      return parseWav(new Uint8Array(await response.arrayBuffer()));
    } catch {
      throw new Upstream('The speech service answered with sound that could not be read.');
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
