import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { CurrentUser } from '#common/contracts/account.ts';
import { initials } from '../user-label.ts';

const SIZES = { sm: 'h-9 w-9 text-base', lg: 'h-20 w-20 text-3xl' } as const;

/** The person's picture, or the first letter of their name when there is none (or it fails to load). */
export function Avatar({ user, size = 'sm' }: { user: CurrentUser; size?: keyof typeof SIZES }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = user.profileImageUrl;
  if (src && failed !== src) {
    return (
      <img src={src} alt="" onError={() => setFailed(src)} className={cn('shrink-0 rounded-full bg-stone-200 object-cover dark:bg-stone-800', SIZES[size])} />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-orange-800 font-semibold text-white dark:bg-orange-300 dark:text-stone-950',
        SIZES[size],
      )}
    >
      {initials(user)}
    </span>
  );
}
