import { PICTURE_RETRY_DELAY_MS } from '#common/pictures/rules.ts';

/** Spec §4/§9: a prayer picture that fails to load is made again at most 3 times, each 2 s after the failure. */
export const CONTEMPLATION_ATTEMPTS = 3;
export const CONTEMPLATION_RETRY_MS = PICTURE_RETRY_DELAY_MS;

export interface ContemplationPicture {
  imageUrl: string;
  thumbnailUrl: string;
  description: string;
}

export interface ContemplationState {
  /** What the page shows: the addresses may carry `attempt=n` so the browser asks again. */
  picture: ContemplationPicture;
  /** The addresses as the server gave them, to tell whether a remake came back at the same one. */
  given: ContemplationPicture;
  /** Remakes asked for since the last successful load. */
  attempts: number;
  /** showing: the image is in the page; waiting: a remake is due or under way; failed: the placeholder. */
  phase: 'showing' | 'waiting' | 'failed';
}

export type ContemplationEvent = { type: 'load' } | { type: 'error' } | { type: 'remade'; picture: ContemplationPicture } | { type: 'remakeFailed' };

export function initialContemplation(picture: ContemplationPicture): ContemplationState {
  return { picture, given: picture, attempts: 0, phase: 'showing' };
}

/** The same address asked for again would be answered from the browser's memory of its failure. */
function freshAddress(url: string, attempt: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}attempt=${attempt}`;
}

export function contemplationReducer(state: ContemplationState, event: ContemplationEvent): ContemplationState {
  switch (event.type) {
    case 'load':
      return state.phase === 'showing' && state.attempts === 0 ? state : { ...state, attempts: 0, phase: 'showing' };
    case 'error':
      if (state.phase !== 'showing') return state;
      return { ...state, phase: state.attempts < CONTEMPLATION_ATTEMPTS ? 'waiting' : 'failed' };
    case 'remade': {
      if (state.phase !== 'waiting') return state;
      const attempts = state.attempts + 1;
      const same = event.picture.imageUrl === state.given.imageUrl && event.picture.thumbnailUrl === state.given.thumbnailUrl;
      const picture = same
        ? { ...event.picture, imageUrl: freshAddress(event.picture.imageUrl, attempts), thumbnailUrl: freshAddress(event.picture.thumbnailUrl, attempts) }
        : event.picture;
      return { picture, given: event.picture, attempts, phase: 'showing' };
    }
    case 'remakeFailed': {
      if (state.phase !== 'waiting') return state;
      // A refused remake (the hourly limit, no network) spends an attempt like a failed load.
      const attempts = state.attempts + 1;
      return { ...state, attempts, phase: attempts < CONTEMPLATION_ATTEMPTS ? 'waiting' : 'failed' };
    }
  }
}

export interface ContemplationRetry {
  get(): ContemplationState;
  subscribe(listener: () => void): () => void;
  load(): void;
  error(): void;
  /** Timers run only while resumed: the component pauses it when it leaves the page. */
  resume(): void;
  pause(): void;
}

/**
 * The §4 rule with its clock: an `error` starts a 2 s wait, then `remake` is asked for a new picture.
 * Free of React so the timing can be tested with fake timers; `useContemplationRetry` wraps it.
 */
export function createContemplationRetry(
  picture: ContemplationPicture,
  remake: () => Promise<ContemplationPicture>,
  delayMs = CONTEMPLATION_RETRY_MS,
): ContemplationRetry {
  let state = initialContemplation(picture);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let active = true;
  const listeners = new Set<() => void>();

  const schedule = () => {
    if (!active || state.phase !== 'waiting' || timer !== undefined || inFlight) return;
    timer = setTimeout(() => {
      timer = undefined;
      inFlight = true;
      remake().then(
        (made) => {
          inFlight = false;
          dispatch({ type: 'remade', picture: made });
        },
        () => {
          inFlight = false;
          dispatch({ type: 'remakeFailed' });
        },
      );
    }, delayMs);
  };

  const dispatch = (event: ContemplationEvent) => {
    const next = contemplationReducer(state, event);
    if (next === state) return;
    state = next;
    listeners.forEach((l) => l());
    schedule();
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    load: () => dispatch({ type: 'load' }),
    error: () => dispatch({ type: 'error' }),
    resume() {
      active = true;
      schedule();
    },
    pause() {
      active = false;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
