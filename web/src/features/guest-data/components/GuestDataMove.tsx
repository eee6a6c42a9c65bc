import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { hasGuestData } from '../store/guest-keys.ts';

/**
 * Spec §6 and principle 4: when a guest signs up or in, the highlights, notes, AI answers, chat
 * conversations, reading progress, reading plans and shared verses kept in this browser move into the account, then leave the
 * browser. The code that moves them loads only when there is something to move, not with every page.
 */
export function GuestDataMove() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id;
  useEffect(() => {
    if (!userId || !hasGuestData()) return;
    void import('../move-guest-data.ts').then((m) => m.moveGuestDataIntoAccount(queryClient));
  }, [userId, queryClient]);
  return null;
}
