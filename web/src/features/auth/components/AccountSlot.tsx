import { lazy, Suspense, type ReactNode } from 'react';
import { useCurrentUser } from '../api/auth.ts';

// The menu (and its dropdown library) loads only for signed-in people, keeping guests' first load small.
const UserMenu = lazy(() => import('./UserMenu.tsx'));

/** Signed in: the avatar menu. A guest: whatever the place shows for guests. */
export function AccountSlot({ guest }: { guest: ReactNode }) {
  const user = useCurrentUser();
  if (user.isPending) return <span className="inline-block h-11 w-11 md:h-9 md:w-9" aria-hidden />;
  if (!user.data) return <>{guest}</>;
  return (
    <Suspense fallback={<span className="inline-block h-11 w-11 md:h-9 md:w-9" aria-hidden />}>
      <UserMenu user={user.data} />
    </Suspense>
  );
}
