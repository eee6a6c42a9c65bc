import { SKIP_SECONDS } from '#common/audio/rules.ts';

/**
 * The audio player's rules (spec §4 "Chapter audio"), as a reducer the player component follows:
 * what each event does to where the player is shown, whether it plays and the position.
 */
export type PlayerView = 'closed' | 'dialog' | 'mini';

export interface PlayerState {
  view: PlayerView;
  playing: boolean;
  /** Seconds. */
  position: number;
  duration: number;
  /** Whether a source is loaded; closing for good clears it. */
  loaded: boolean;
}

export type PlayerEvent =
  | { type: 'ready'; duration: number }
  | { type: 'playing' }
  | { type: 'paused' }
  | { type: 'time'; position: number }
  | { type: 'ended' }
  /** The 'playing' event's delayed effect (spec: "switches to minimized after about 300 ms"). */
  | { type: 'minimize' }
  | { type: 'expand' }
  | { type: 'escape' }
  /** The dialog's close button (the mini-player's closes with 'dismiss'). */
  | { type: 'close' }
  | { type: 'dismiss' }
  | { type: 'seek'; to: number }
  | { type: 'skip'; by: number };

export const CLOSED: PlayerState = { view: 'closed', playing: false, position: 0, duration: 0, loaded: false };

export function playerReducer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case 'ready':
      return { view: 'dialog', playing: false, position: 0, duration: event.duration, loaded: true };
    case 'playing':
      return { ...state, playing: true };
    case 'paused':
      return { ...state, playing: false };
    case 'time':
      return { ...state, position: clamp(event.position, state.duration) };
    case 'ended':
      // Spec: ended resets the position to 0 and leaves the player minimized.
      return { ...state, playing: false, position: 0, view: state.view === 'closed' ? 'closed' : 'mini' };
    case 'minimize':
      return state.view === 'dialog' ? { ...state, view: 'mini' } : state;
    case 'expand':
      return state.loaded ? { ...state, view: 'dialog' } : state;
    case 'escape':
      // Playing in the dialog: minimize. Paused in the dialog, or in the mini-player: close and reset.
      if (state.view === 'dialog' && state.playing) return { ...state, view: 'mini' };
      return state.view === 'closed' ? state : CLOSED;
    case 'close':
      // Closing with playback under way or a position past 0 minimizes; otherwise the source is cleared.
      if (state.view === 'dialog' && (state.playing || state.position > 0)) return { ...state, view: 'mini' };
      return CLOSED;
    case 'dismiss':
      return CLOSED;
    case 'seek':
      return { ...state, position: clamp(event.to, state.duration) };
    case 'skip':
      return { ...state, position: clamp(state.position + event.by, state.duration) };
  }
}

/** Spec §5: positions stay between 0 and the duration. */
export function clamp(position: number, duration: number): number {
  if (!Number.isFinite(position)) return 0;
  return Math.min(Math.max(position, 0), Math.max(duration, 0));
}

export const skipBack = { type: 'skip', by: -SKIP_SECONDS } as const;
export const skipForward = { type: 'skip', by: SKIP_SECONDS } as const;

/** The verse being read at a time (the title, verse 0, is no verse), from the reply's start times. */
export function verseAt(verses: readonly { verse: number; start: number }[], time: number): number | undefined {
  let current: number | undefined;
  for (const v of verses) {
    if (v.start > time) break;
    current = v.verse === 0 ? undefined : v.verse;
  }
  return current;
}

/** "4:05", or "1:02:03" past an hour. */
export function formatTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Spec §5: the mini-player stays inside the viewport when dragged, and after the viewport changes.
 * `position` is its top-left corner; the margin keeps it off the very edge.
 */
export function keepInside(
  position: { x: number; y: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  margin = 8,
): { x: number; y: number } {
  const maxX = Math.max(margin, viewport.width - size.width - margin);
  const maxY = Math.max(margin, viewport.height - size.height - margin);
  return { x: Math.min(Math.max(position.x, margin), maxX), y: Math.min(Math.max(position.y, margin), maxY) };
}
