import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioReply } from '#common/contracts/audio.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { decodeMp3 } from '../../../test/mp3-check.ts';
import { SECONDS_PER_CHARACTER, SPEECH_RATE, startSpeechServer } from '../../../test/speech-server.ts';

const KEY = 'sk-speech-test-0123456789';

describe('Audio from an OpenAI-compatible speech service (TTS_*), over real HTTP', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'selah-tts-'));
  let speech: Awaited<ReturnType<typeof startSpeechServer>>;
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    speech = await startSpeechServer();
    app = await startTestApp({ env: { DATA_DIR: dataDir, TTS_BASE_URL: speech.url, TTS_MODEL: 'tts-1', TTS_VOICE: 'alloy', TTS_API_KEY: KEY } });
  });
  afterAll(async () => {
    await app?.stop();
    await speech?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks for each segment as WAV with the model, voice and key, and joins them into one MP3 with exact verse starts', async () => {
    const res = await app.server.inject({ method: 'POST', url: '/api/bible/audio', payload: { book: 'Psalms', chapter: 117, text: 'x', translation: 'KJV' } });
    expect(res.statusCode, res.body).toBe(200);
    const audio = res.json() as AudioReply;
    const inputs = speech.requests.map((r) => r.body.input);
    expect(inputs[0]).toBe('Psalm 117.');
    expect(inputs[1]).toMatch(/^O praise the Lord, all ye nations/); // the store's text; "LORD" read as a word
    expect(inputs).toHaveLength(3);
    for (const r of speech.requests) {
      expect(r.authorization).toBe(`Bearer ${KEY}`);
      expect(r.body).toMatchObject({ model: 'tts-1', voice: 'alloy', response_format: 'wav' });
    }
    const decoded = await decodeMp3((await app.server.inject(audio.audioUrl)).rawPayload);
    expect(decoded).toMatchObject({ sampleRate: SPEECH_RATE, errors: 0, mono: true });
    // Each verse starts where the one before ended, after its pause (0.7 s after the title, 0.35 s after a verse).
    const spoken = inputs.map((i) => i.length * SECONDS_PER_CHARACTER);
    expect(audio.verses[1]!.start - audio.verses[0]!.start).toBeCloseTo(spoken[0]! + 0.7, 2);
    expect(audio.verses[2]!.start - audio.verses[1]!.start).toBeCloseTo(spoken[1]! + 0.35, 2);
    expect(audio.duration).toBeCloseTo(spoken[0]! + spoken[1]! + spoken[2]! + 0.7 + 0.35 * 2, 2);
    expect(Math.abs(decoded.seconds - audio.duration)).toBeLessThan(0.2);
  });

  it('says so when the service fails, and makes nothing', async () => {
    speech.state.failing = true;
    const res = await app.server.inject({ method: 'POST', url: '/api/verse/audio', payload: { reference: 'John 11:35', text: 'x', translation: 'KJV' } });
    speech.state.failing = false;
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'The speech service refused the request (HTTP 500).' });
    const again = await app.server.inject({ method: 'POST', url: '/api/verse/audio', payload: { reference: 'John 11:35', text: 'x', translation: 'KJV' } });
    expect(again.statusCode).toBe(200);
    expect(speech.requests.at(-1)!.body.input).toBe('Jesus wept.');
  });
});
