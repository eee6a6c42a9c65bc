import { useState } from 'react';
import type { AuthorSummary } from '#common/contracts/lessons.ts';
import { cn } from '../../../lib/cn.ts';
import { initials } from '../api/lesson-pages.ts';

const SIZES = { sm: 'h-11 w-11 text-base', md: 'h-16 w-16 text-2xl', lg: 'h-28 w-28 text-4xl' } as const;

/**
 * An author's picture, described by its alt text, or their initials when there is none (or it will not
 * load; the initials are hidden from screen readers, as the name is beside them). `decorative` leaves the
 * picture out of the accessibility tree too, for lists where it adds nothing.
 */
export function AuthorAvatar({
  author,
  size = 'sm',
  decorative = false,
}: {
  author: Pick<AuthorSummary, 'name' | 'profileImageUrl'>;
  size?: keyof typeof SIZES;
  decorative?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = author.profileImageUrl;
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={decorative ? '' : author.name}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
        className={cn('shrink-0 rounded-full bg-stone-200 object-cover dark:bg-stone-800', SIZES[size])}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-orange-100 font-serif font-semibold text-orange-900 ring-1 ring-orange-200 dark:bg-orange-950 dark:text-orange-200 dark:ring-orange-900',
        SIZES[size],
      )}
    >
      {initials(author.name)}
    </span>
  );
}
