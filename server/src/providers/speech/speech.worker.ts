import { fliteSpeak } from './flite-wasi.ts';
import { encodeSegments, type Mp3Speech } from './mp3.ts';
import type { Pcm } from './wav.ts';

export type SpeechTask =
  /** Speak each text with the embedded engine, then encode. */
  | { kind: 'flite'; voice: string; texts: string[]; titled: boolean }
  /** Encode sound a speech service made. */
  | { kind: 'encode'; segments: Pcm[]; titled: boolean };

/** Worker-thread entry: speech and MP3 encoding are seconds of CPU work, kept off the server's thread. */
export default async function run(task: SpeechTask): Promise<Mp3Speech> {
  const segments: Pcm[] = [];
  if (task.kind === 'flite') for (const text of task.texts) segments.push(await fliteSpeak(text, task.voice));
  else segments.push(...task.segments);
  return encodeSegments(segments, task.titled);
}
