import { lazy, Suspense, useEffect, useState } from 'react';
import { storage } from '../../../lib/storage.ts';
import { useCurrentUser } from '../api/auth.ts';
import { promptedKey } from '../display-name.ts';

const DisplayNameDialog = lazy(() => import('./DisplayNameDialog.tsx'));

/**
 * Spec §4: shown once per user — signed in, no display name, and no 'prompted' flag for this user id in
 * the browser; the flag is set the moment it is shown.
 */
export function DisplayNamePrompt() {
  const user = useCurrentUser();
  const [showFor, setShowFor] = useState<string | null>(null);
  const u = user.data;
  useEffect(() => {
    if (!u || u.displayName || storage.get(promptedKey(u.id))) return;
    storage.set(promptedKey(u.id), '1');
    // The flag lives in browser storage (outside React): read and set once per person, then shown.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setShowFor(u.id);
  }, [u]);
  if (!showFor) return null;
  return (
    <Suspense fallback={null}>
      <DisplayNameDialog onDone={() => setShowFor(null)} />
    </Suspense>
  );
}
