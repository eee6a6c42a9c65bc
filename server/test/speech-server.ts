import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SpeechRequest {
  authorization?: string;
  body: { model: string; voice: string; input: string; response_format?: string };
}

export const SPEECH_RATE = 24_000;
/** The stand-in speaks each character for this long, so the sound's length is known in advance. */
export const SECONDS_PER_CHARACTER = 0.05;

/**
 * A local stand-in for an OpenAI-compatible speech service: POST /v1/audio/speech over real HTTP,
 * answering WAV (24 kHz, 16-bit, mono) as OpenAI and Kokoro-FastAPI do, with the data size left
 * unknown (0xFFFFFFFF) as streaming servers write it. `failing` makes it answer 500; `hanging`, never answer.
 */
export async function startSpeechServer() {
  const requests: SpeechRequest[] = [];
  const state = { failing: false, hanging: false };
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/audio/speech') return void res.writeHead(404).end();
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const request: SpeechRequest = { authorization: req.headers.authorization, body: JSON.parse(raw) };
    requests.push(request);
    if (state.hanging) return;
    if (state.failing) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
    res.writeHead(200, { 'content-type': 'audio/wav' });
    res.end(toneWav(request.body.input.length * SECONDS_PER_CHARACTER));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function toneWav(seconds: number): Buffer {
  const samples = Math.round(seconds * SPEECH_RATE);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(0xffffffff, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(SPEECH_RATE, 24);
  wav.writeUInt32LE(SPEECH_RATE * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(0xffffffff, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(12_000 * Math.sin((2 * Math.PI * 440 * i) / SPEECH_RATE)), 44 + i * 2);
  return wav;
}
