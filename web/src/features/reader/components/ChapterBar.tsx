import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight, NotebookPen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { ChapterLink } from './ChapterLink.tsx';

type Position = { book: string; chapter: number } | null;

/** The bar's buttons: 44 px tall and wide at least, as touch targets should be. */
const BAR_BUTTON = 'button-ghost min-h-11 min-w-11 justify-center rounded-full px-3 whitespace-nowrap sm:px-4';

/** How far from the page's end the bar comes back whatever the direction: the chapter's last lines. */
const END_ZONE_PX = 160;
/** Scrolling less than this is a hand resting on the screen, not a direction. */
const SCROLL_NOISE_PX = 6;

/**
 * Previous, Next and Study Chapter, floating over the text. It steps aside while the reader scrolls
 * down through the chapter and comes back when they scroll up, reach its end or tap the text (a tap
 * asks for the controls, as in e-book readers); keyboard focus inside it always shows it. The page
 * leaves room below the text, so at the end it never covers the last verse.
 */
export function ChapterBar({
  previous,
  next,
  translation,
  onFollow,
  onStudy,
  revealOn,
  phoneExtra,
}: {
  /** A control the phone header has no room for (Listen), shown in the bar on phones only. */
  phoneExtra?: ReactNode;
  /** Any change of this value (the reader tapped a verse, or closed its menu) brings the bar back. */
  revealOn: unknown;
  previous: Position;
  next: Position;
  translation?: string;
  onFollow: () => void;
  onStudy: () => void;
}) {
  const shown = useShownWhileReading(revealOn);
  return (
    <nav
      aria-label="Chapter navigation"
      data-shown={shown}
      className={cn(
        'pointer-events-none fixed inset-x-0 bottom-4 z-20 flex justify-center px-4 transition-transform duration-200 focus-within:translate-y-0 motion-reduce:transition-none',
        !shown && 'translate-y-[calc(100%+2rem)]',
      )}
    >
      <div className="pointer-events-auto flex items-center gap-1 rounded-full border border-stone-200 bg-white/95 p-1 shadow-lg backdrop-blur dark:border-stone-700 dark:bg-stone-900/95">
        {/* On phones Previous and Next are icons (their names stay for screen readers); Study Chapter is
            a quiet button, so the bar does not outshine the text. */}
        <ChapterLink to={previous} translation={translation} className={BAR_BUTTON} onFollow={onFollow}>
          <ChevronLeft aria-hidden size={18} /> <span className="max-sm:sr-only">Previous</span>
        </ChapterLink>
        <ChapterLink to={next} translation={translation} className={BAR_BUTTON} onFollow={onFollow}>
          <span className="max-sm:sr-only">Next</span> <ChevronRight aria-hidden size={18} />
        </ChapterLink>
        <button type="button" className={cn(BAR_BUTTON, 'text-orange-900 dark:text-orange-200')} onClick={onStudy}>
          <NotebookPen aria-hidden size={18} /> Study Chapter
        </button>
        {phoneExtra && <div className="sm:hidden">{phoneExtra}</div>}
      </div>
    </nav>
  );
}

/** Shown at first, hidden while scrolling down, shown again on scrolling up, near the page's end or on `revealOn`. */
function useShownWhileReading(revealOn: unknown): boolean {
  const [shown, setShown] = useState(true);
  // Adjusted while rendering, as React advises for state that follows a prop.
  const [revealedFor, setRevealedFor] = useState(revealOn);
  if (revealedFor !== revealOn) {
    setRevealedFor(revealOn);
    setShown(true);
  }
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - END_ZONE_PX;
      if (atEnd || y <= 0) setShown(true);
      else if (y > last + SCROLL_NOISE_PX) setShown(false);
      else if (y < last - SCROLL_NOISE_PX) setShown(true);
      else return;
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return shown;
}
