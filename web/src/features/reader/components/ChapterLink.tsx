import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * Previous / Next chapter as a real link (it opens in a new tab, and works before the app's script has
 * run); where there is no such chapter, a disabled button, so it is announced as unavailable.
 */
export function ChapterLink({
  to,
  translation,
  className,
  label,
  onFollow,
  children,
}: {
  to: { book: string; chapter: number } | null;
  translation?: string;
  className: string;
  /** The accessible name, when the content is an icon. */
  label?: string;
  onFollow: () => void;
  children: ReactNode;
}) {
  if (!to) {
    return (
      <button type="button" className={className} aria-label={label} disabled>
        {children}
      </button>
    );
  }
  return (
    <Link
      to="/bible"
      search={{ book: to.book, chapter: to.chapter, translation }}
      className={`${className} no-underline`}
      aria-label={label}
      onClick={onFollow}
    >
      {children}
    </Link>
  );
}
