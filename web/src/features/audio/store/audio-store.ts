import { useSyncExternalStore } from 'react';
import { DEFAULT_PLAYBACK_SPEED, type PlaybackSpeed } from '#common/audio/rules.ts';
import { CLOSED, playerReducer, verseAt, type PlayerEvent, type PlayerState } from '../player-state.ts';

/** What the chapter player is playing: one chapter's audio and where each verse starts. */
export interface ChapterAudio {
  url: string;
  /** "John 3 (KJV)": the player's and the lock screen's title. */
  title: string;
  book: string;
  chapter: number;
  translation: string;
  /** Seconds. */
  duration: number;
  verses: readonly { verse: number; start: number }[];
  /**
   * Start playing as soon as the player has the file: the Listen tap was the person's gesture, and
   * browsers let a page that was tapped play sound (one asking more of the gesture shows Play instead).
   */
  startOnLoad?: boolean;
}

export interface AudioState {
  audio?: ChapterAudio;
  player: PlayerState;
  speed: PlaybackSpeed;
  /** The verse being read (chapter audio only; none during the title). */
  verse?: number;
}

/**
 * The chapter player's state, kept outside React's tree so the mini-player plays on while the person
 * moves around the app; the player (loaded with the first Listen) renders it, and the reader reads it
 * to mark the verse being read.
 */
let state: AudioState = { player: CLOSED, speed: DEFAULT_PLAYBACK_SPEED };
const listeners = new Set<() => void>();
const set = (next: AudioState) => {
  state = next;
  listeners.forEach((l) => l());
};

/** The element playing, registered by the player, so the reader can seek it to a verse. */
let element: HTMLAudioElement | null = null;
export function registerAudioElement(el: HTMLAudioElement | null): void {
  element = el;
}

export function loadChapterAudio(audio: ChapterAudio): void {
  set({ ...state, audio, verse: undefined, player: playerReducer(CLOSED, { type: 'ready', duration: audio.duration }) });
}

export function playerEvent(event: PlayerEvent): void {
  const player = playerReducer(state.player, event);
  const audio = player.loaded ? state.audio : undefined;
  const verse = audio && player.view !== 'closed' ? verseAt(audio.verses, player.position) : undefined;
  if (player === state.player && audio === state.audio && verse === state.verse) return;
  set({ ...state, player, audio, verse });
}

export function setSpeed(speed: PlaybackSpeed): void {
  set({ ...state, speed });
}

/**
 * A verse tapped while its chapter plays is where the reading goes on from (issue 14 §3). False, and
 * nothing done, when that chapter is not playing.
 */
export function seekToVerse(verse: number, where: { book: string; chapter: number; translation: string }): boolean {
  const { audio, player } = state;
  if (!audio || !element || !player.playing || audio.book !== where.book || audio.chapter !== where.chapter || audio.translation !== where.translation)
    return false;
  const start = audio.verses.find((v) => v.verse === verse)?.start;
  if (start === undefined) return false;
  element.currentTime = start;
  playerEvent({ type: 'seek', to: start });
  return true;
}

export function getAudioState(): AudioState {
  return state;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function useAudioState(): AudioState {
  return useSyncExternalStore(subscribe, getAudioState, getAudioState);
}

/**
 * The verse being read while this chapter's audio plays, else undefined. A page that only marks the
 * verse re-renders when the verse changes, not at every tick of the clock.
 */
export function useReadingVerse(where: { book: string; chapter: number; translation: string }): number | undefined {
  const current = () => {
    const { audio, player, verse } = state;
    const here = audio?.book === where.book && audio.chapter === where.chapter && audio.translation === where.translation;
    return here && player.playing ? verse : undefined;
  };
  return useSyncExternalStore(subscribe, current, current);
}
