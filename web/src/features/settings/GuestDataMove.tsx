import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPost } from '../../lib/api-client.ts';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { currentUserQuery } from '../auth/auth-api.ts';

function readList(key: string): unknown[] {
  try {
    const value = JSON.parse(storage.get(key) ?? '[]');
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/**
 * Spec §6 and principle 4: when a guest signs up or in, the highlights and notes kept in this browser
 * move into the account, then leave the browser. The server skips what it already has, so a move cut
 * short simply runs again on the next load: nothing lost, nothing doubled.
 */
export function GuestDataMove() {
  const queryClient = useQueryClient();
  const user = useQuery(currentUserQuery);
  const userId = user.data?.id;
  useEffect(() => {
    if (!userId) return;
    const highlights = readList(STORAGE_KEYS.guestHighlights);
    const notes = readList(STORAGE_KEYS.guestNotes);
    if (highlights.length === 0 && notes.length === 0) return;
    void apiPost<{ highlights: number; notes: number }>('/api/guest-data/import', { highlights, notes })
      .then((moved) => {
        storage.remove(STORAGE_KEYS.guestHighlights);
        storage.remove(STORAGE_KEYS.guestNotes);
        void queryClient.invalidateQueries({ queryKey: ['highlights'] });
        void queryClient.invalidateQueries({ queryKey: ['notes'] });
        if (moved.highlights + moved.notes > 0) {
          toast({ title: 'Saved to your account', description: `Moved ${moved.highlights} highlights and ${moved.notes} notes from this browser.`, duration: 4000 });
        }
      })
      .catch(() => {
        // Kept in the browser; tried again on the next load.
      });
  }, [userId, queryClient]);
  return null;
}
