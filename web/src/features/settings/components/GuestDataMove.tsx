import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';

/** Where a guest's data lives in this browser (see api/move-guest-data.ts). */
const GUEST_KEYS = [
  STORAGE_KEYS.guestHighlights,
  STORAGE_KEYS.guestNotes,
  STORAGE_KEYS.guestAiResponses,
  STORAGE_KEYS.guestConversations,
  STORAGE_KEYS.guestProgress,
  STORAGE_KEYS.guestPlans,
  STORAGE_KEYS.guestSharedVerses,
];

/**
 * Spec §6 and principle 4: when a guest signs up or in, the highlights, notes, AI answers, chat
 * conversations, reading progress, reading plans and shared verses kept in this browser move into the account, then leave the
 * browser. The code that moves them loads only when there is something to move, not with every page.
 */
export function GuestDataMove() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id;
  useEffect(() => {
    if (!userId || !GUEST_KEYS.some((key) => storage.get(key))) return;
    void import('../api/move-guest-data.ts').then((m) => m.moveGuestDataIntoAccount(queryClient));
  }, [userId, queryClient]);
  return null;
}
