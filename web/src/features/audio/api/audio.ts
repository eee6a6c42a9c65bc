import { AUDIO_MESSAGES, AUDIO_TIMEOUT_MS } from '#common/audio/rules.ts';
import type { AudioReply } from '#common/contracts/audio.ts';
import { ApiError, apiPost } from '../../../lib/api-client.ts';

/** Spec §8: the chapter's audio took longer than the spec's 120 s. */
export class AudioTimedOut extends Error {
  constructor() {
    super(AUDIO_MESSAGES.timedOut);
    this.name = 'AudioTimedOut';
  }
}

/**
 * Waits for a request at most `ms`. The request itself goes on: the server finishes and keeps the
 * audio, so asking again later finds it made.
 */
export async function withTimeout<T>(request: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AudioTimedOut()), ms);
  });
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Spec §7 POST /api/bible/audio: the chapter read aloud (the server reads its own copy of the text). */
export function requestChapterAudio(input: { book: string; chapter: number; text: string; translation: string }): Promise<AudioReply> {
  return withTimeout(apiPost<AudioReply>('/api/bible/audio', input), AUDIO_TIMEOUT_MS);
}

/** Spec §7 POST /api/verse/audio. */
export function requestVerseAudio(input: { reference: string; text: string; translation: string }): Promise<AudioReply> {
  return withTimeout(apiPost<AudioReply>('/api/verse/audio', input), AUDIO_TIMEOUT_MS);
}

/** Spec §8: the toast's text: the time-out's own words, else the server's message, else the default. */
export function chapterAudioError(error: unknown): string {
  if (error instanceof AudioTimedOut) return error.message;
  return (error instanceof ApiError && error.serverMessage) || AUDIO_MESSAGES.failed;
}
