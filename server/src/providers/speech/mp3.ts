import { createMp3Encoder } from 'wasm-media-encoders';
import type { Pcm } from './wav.ts';

/** Mono MP3 at this bit rate: speech stays clear, and a chapter of 4 minutes is about 1.4 MB. */
export const MP3_KBPS = 48;
/** LAME starts the sound this many samples into the file (no gapless tag is written). */
const ENCODER_DELAY = 1105;
/** Quiet between verses, and after the chapter's title, so they do not run together. */
const VERSE_PAUSE_S = 0.35;
const TITLE_PAUSE_S = 0.7;

export interface Mp3Speech {
  mp3: Uint8Array;
  /** When each segment starts, in seconds from the start of the file. */
  starts: number[];
  duration: number;
}

/**
 * Joins spoken segments into one MP3 (wasm-media-encoders: LAME in WebAssembly), noting where each
 * starts, so the player can follow the verses. The first segment is a title when `titled`.
 */
export async function encodeSegments(segments: readonly Pcm[], titled: boolean): Promise<Mp3Speech> {
  const sampleRate = segments[0]?.sampleRate ?? 16_000;
  const encoder = await createMp3Encoder();
  encoder.configure({ channels: 1, sampleRate, bitrate: MP3_KBPS as 48 });
  const parts: Uint8Array[] = [];
  const starts: number[] = [];
  let offset = 0;
  // The encoder hands back a view of its own memory, reused by the next call: copy it at once.
  const push = (samples: Float32Array) => parts.push(encoder.encode([samples]).slice());
  segments.forEach((segment, i) => {
    if (segment.sampleRate !== sampleRate) throw new Error(`a segment at ${segment.sampleRate} Hz among ones at ${sampleRate} Hz`);
    starts.push(round((offset + ENCODER_DELAY) / sampleRate));
    const pause = Math.round(sampleRate * (titled && i === 0 ? TITLE_PAUSE_S : VERSE_PAUSE_S));
    const samples = new Float32Array(segment.samples.length + pause);
    for (let j = 0; j < segment.samples.length; j++) samples[j] = segment.samples[j]! / 32768;
    push(samples);
    offset += samples.length;
  });
  parts.push(encoder.finalize().slice());
  const mp3 = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    mp3.set(p, at);
    at += p.length;
  }
  return { mp3, starts, duration: round(offset / sampleRate) };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
