import type { Mp3Speech } from './mp3.ts';

/**
 * Makes speech: the embedded engine (flite, offline, no key) or an OpenAI-compatible speech service.
 * Each text is one segment (a title or a verse); the MP3 says where each begins.
 */
export interface SpeechEngine {
  /** Names what makes the sound (engine, voice, version): part of every stored file's key. */
  readonly id: string;
  speak(texts: readonly string[], options: { titled: boolean }): Promise<Mp3Speech>;
  close(): Promise<void>;
}
