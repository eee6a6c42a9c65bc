/** Spec §9: the audio player's constants. */
export const AUDIO_TIMEOUT_MS = 120_000;
export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];
export const DEFAULT_PLAYBACK_SPEED: PlaybackSpeed = 1;
export const SKIP_SECONDS = 15;
export const SLIDER_STEP = 0.1;
export const MINI_PLAYER_WIDTH = 320;
/** Spec §4: on 'playing' the dialog becomes the mini-player after about this long. */
export const MINIMIZE_AFTER_PLAYING_MS = 300;

/** Spec §5: chapter audio needs the chapter's text; the server reads its own copy of it, never the request's. */
export const NO_AUDIO_TEXT = 'No text available to generate audio';

/** Spec §8: what the reader says when audio fails. */
export const AUDIO_MESSAGES = {
  failed: 'Failed to generate audio',
  timedOut: 'Audio generation is taking longer than expected. This can happen with long chapters. Please try again or try a shorter passage.',
  unavailableTitle: 'Audio not available',
  unavailableText: 'Please try again later or contact support if the issue persists.',
  playbackTitle: 'Playback Error',
  playbackText: 'There was an error playing the audio file.',
  verseFailed: 'Failed to generate audio. Please try again.',
} as const;
