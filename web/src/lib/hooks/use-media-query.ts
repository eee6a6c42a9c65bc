import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, re-rendering when that changes (rotation, resizing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `md` breakpoint: from here up the app has its desktop layout. */
export const DESKTOP_QUERY = '(min-width: 48rem)';
