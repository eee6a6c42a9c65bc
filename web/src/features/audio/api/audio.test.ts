import { describe, expect, it } from 'vitest';
import { AUDIO_MESSAGES } from '#common/audio/rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { AudioTimedOut, chapterAudioError, withTimeout } from './audio.ts';

describe('chapter audio requests', () => {
  it('give up waiting after the time-out with the spec’s words, and not before', async () => {
    await expect(withTimeout(new Promise(() => {}), 20)).rejects.toBeInstanceOf(AudioTimedOut);
    await expect(withTimeout(Promise.resolve('made'), 20)).resolves.toBe('made');
    await expect(withTimeout(new Promise((resolve) => setTimeout(() => resolve('in time'), 5)), 50)).resolves.toBe('in time');
  });

  it('say why they failed: the time-out, the server’s message, or the default', () => {
    expect(chapterAudioError(new AudioTimedOut())).toBe(AUDIO_MESSAGES.timedOut);
    expect(chapterAudioError(new ApiError(400, '{"message":"No text available to generate audio"}', 'Bad Request'))).toBe(
      'No text available to generate audio',
    );
    expect(chapterAudioError(new ApiError(502, '<html>bad gateway</html>', 'Bad Gateway'))).toBe('Failed to generate audio');
    expect(chapterAudioError(new Error('Network error: Unable to reach server'))).toBe('Failed to generate audio');
  });
});
