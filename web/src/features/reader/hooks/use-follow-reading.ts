import { useEffect, useRef } from 'react';

/** After the reader scrolls by hand, the page is left where they put it for this long. */
const HANDS_OFF_MS = 5000;
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);

/**
 * Keeps the verse being read in view while the chapter plays, unless the person has just scrolled
 * away themselves (wheel, touch or keys): then the page stays where they put it.
 */
export function useFollowReading(verse: number | undefined): void {
  const lastByHand = useRef(0);
  useEffect(() => {
    const byHand = () => void (lastByHand.current = Date.now());
    const onKey = (e: KeyboardEvent) => SCROLL_KEYS.has(e.key) && byHand();
    window.addEventListener('wheel', byHand, { passive: true });
    window.addEventListener('touchmove', byHand, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', byHand);
      window.removeEventListener('touchmove', byHand);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  useEffect(() => {
    if (verse === undefined || Date.now() - lastByHand.current < HANDS_OFF_MS) return;
    const el = document.getElementById(`v${verse}`);
    if (!el) return;
    const box = el.getBoundingClientRect();
    // Only when it is leaving the comfortable middle of the screen: no jump for every verse.
    if (box.top > 80 && box.bottom < window.innerHeight - 140) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }, [verse]);
}
