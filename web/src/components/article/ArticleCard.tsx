import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * An article in a list (a lesson's card, a news post's row): a bordered card whose title link covers
 * the whole card, so a screen reader's list of links reads the titles alone while a tap anywhere opens
 * it. The card shows where the keyboard is, since the link's own outline is hidden under the card.
 */
export function ArticleCard({
  className,
  bodyClassName,
  picture,
  children,
}: {
  className?: string;
  bodyClassName: string;
  picture: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-[border-color] hover:border-orange-300 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent dark:border-stone-800 dark:bg-stone-900 dark:hover:border-orange-800',
        className,
      )}
    >
      {picture}
      <div className={bodyClassName}>{children}</div>
    </article>
  );
}

/** The card's title link, stretched over the whole card. */
export function ArticleCardLink({ link, children }: { link: LinkProps; children: ReactNode }) {
  return (
    <Link
      {...link}
      className="no-underline decoration-orange-700 underline-offset-4 group-hover:underline after:absolute after:inset-0 focus-visible:outline-none dark:decoration-orange-300"
    >
      {children}
    </Link>
  );
}
