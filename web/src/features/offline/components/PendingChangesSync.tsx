import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { syncPendingChanges } from '../api/pending-changes.ts';

/** Sends the notes and highlights changed offline once the app starts, and whenever the network returns. */
export function PendingChangesSync() {
  const queryClient = useQueryClient();
  useEffect(() => syncPendingChanges(queryClient), [queryClient]);
  return null;
}
