import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while React hydrates its HTML, true from then on. What the server
 * cannot know (who is signed in, this browser's storage) waits for it, so the browser's first render is
 * the server's and hydration finds what it expects.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
