import { describe, expect, it } from 'vitest';
import { CLOSED, clamp, formatTime, keepInside, playerReducer, skipBack, skipForward, verseAt, type PlayerEvent, type PlayerState } from './player-state.ts';

const run = (events: PlayerEvent[], from: PlayerState = CLOSED) => events.reduce(playerReducer, from);
const ready = { type: 'ready', duration: 100 } as const;

describe('the audio player’s rules (spec §4, §5)', () => {
  it('opens as a dialog when ready, minimizes once playing, and minimized at the end goes back to 0', () => {
    expect(run([ready])).toEqual({ view: 'dialog', playing: false, position: 0, duration: 100, loaded: true });
    expect(run([ready, { type: 'playing' }])).toMatchObject({ view: 'dialog', playing: true });
    expect(run([ready, { type: 'playing' }, { type: 'minimize' }])).toMatchObject({ view: 'mini', playing: true });
    expect(run([ready, { type: 'playing' }, { type: 'time', position: 99 }, { type: 'ended' }])).toMatchObject({ view: 'mini', playing: false, position: 0 });
    // A late 'minimize' after the person closed it changes nothing.
    expect(run([ready, { type: 'dismiss' }, { type: 'minimize' }])).toEqual(CLOSED);
  });

  it('Escape minimizes while playing; paused, or in the mini-player, it closes and resets', () => {
    expect(run([ready, { type: 'playing' }, { type: 'escape' }])).toMatchObject({ view: 'mini', playing: true });
    expect(run([ready, { type: 'playing' }, { type: 'time', position: 5 }, { type: 'paused' }, { type: 'escape' }])).toEqual(CLOSED);
    expect(run([ready, { type: 'playing' }, { type: 'minimize' }, { type: 'escape' }])).toEqual(CLOSED);
  });

  it('closing minimizes while playing or past 0; otherwise it clears the source', () => {
    expect(run([ready, { type: 'close' }])).toEqual(CLOSED);
    expect(run([ready, { type: 'playing' }, { type: 'close' }])).toMatchObject({ view: 'mini', loaded: true });
    expect(run([ready, { type: 'seek', to: 30 }, { type: 'close' }])).toMatchObject({ view: 'mini', position: 30 });
    expect(run([ready, { type: 'playing' }, { type: 'minimize' }, { type: 'expand' }])).toMatchObject({ view: 'dialog' });
    expect(run([ready, { type: 'playing' }, { type: 'minimize' }, { type: 'dismiss' }])).toEqual(CLOSED);
  });

  it('keeps the slider and the 15-second skips between 0 and the duration', () => {
    expect(run([ready, skipForward]).position).toBe(15);
    expect(run([ready, { type: 'seek', to: 95 }, skipForward]).position).toBe(100);
    expect(run([ready, { type: 'seek', to: 10 }, skipBack]).position).toBe(0);
    expect(run([ready, { type: 'seek', to: -3 }]).position).toBe(0);
    expect(run([ready, { type: 'seek', to: 1e9 }]).position).toBe(100);
    expect(clamp(Number.NaN, 100)).toBe(0);
  });

  it('finds the verse being read, not the title', () => {
    const verses = [
      { verse: 0, start: 0.07 },
      { verse: 1, start: 2.4 },
      { verse: 2, start: 9.8 },
    ];
    expect(verseAt(verses, 1)).toBeUndefined();
    expect(verseAt(verses, 2.4)).toBe(1);
    expect(verseAt(verses, 9)).toBe(1);
    expect(verseAt(verses, 60)).toBe(2);
  });

  it('writes times as a player does', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });

  it('keeps the mini-player inside the viewport, also when the viewport shrinks', () => {
    const size = { width: 320, height: 96 };
    expect(keepInside({ x: -50, y: -10 }, size, { width: 1280, height: 800 })).toEqual({ x: 8, y: 8 });
    expect(keepInside({ x: 2000, y: 2000 }, size, { width: 1280, height: 800 })).toEqual({ x: 952, y: 696 });
    expect(keepInside({ x: 952, y: 696 }, size, { width: 390, height: 844 })).toEqual({ x: 62, y: 696 });
    expect(keepInside({ x: 100, y: 100 }, size, { width: 300, height: 80 })).toEqual({ x: 8, y: 8 });
  });
});
