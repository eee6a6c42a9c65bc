import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { SESSION_ENDED_EVENT } from '#common/contracts/session.ts';
import { currentUserQuery } from '../api/auth.ts';

const SessionEndedDialog = lazy(() => import('./SessionEndedDialog.tsx'));

/**
 * When the server says a session has ended (signed out on another device, a new password), the app
 * shows who was signed in and asks for the password again, in a dialog over the page: whatever the
 * person was writing stays where it is, ready to be saved once they are back.
 */
export function SessionEnded() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    const ended = () => {
      setEmail((open) => open ?? queryClient.getQueryData(currentUserQuery.queryKey)?.email ?? '');
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    };
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, [queryClient]);
  if (email === null) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndedDialog email={email} onDone={() => setEmail(null)} />
    </Suspense>
  );
}
