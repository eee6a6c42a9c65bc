import { queryOptions, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Highlight } from '#common/contracts/study.ts';
import { verseOfReference } from '#common/scripture/reference.ts';
import { highlightInChapter, stripQuotes, GUEST_USER_ID } from '#common/study/rules.ts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { toastError } from '../../../components/ui/toast-store.ts';
import { trackActivity } from '../../activity/api/activity.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { guestHighlights } from '../store/guest-highlights.ts';
import { guestHighlightMadeHere, orMadeHereForGuest } from '../store/guest-offline.ts';
import { PENDING_ID_PREFIX, sendOrKeep, usePendingChanges, withPendingHighlights } from '../../offline/api/pending-changes.ts';

export type HighlightColor = Highlight['color'];
export const HIGHLIGHT_CHANGED_EVENT = 'highlights-changed';
export const CREATED_EVENT_DELAY = 500;

// Read through the query cache, so invalidating ['highlights'] re-reads the browser's copy too.
export const guestHighlightsQuery = queryOptions({ queryKey: ['highlights', 'guest'] as QueryKey, queryFn: () => guestHighlights.read(), staleTime: Infinity });

// Spec §9: highlights are fresh for 5 minutes.
const bookHighlightsQuery = (book: string) => ({
  queryKey: ['highlights', 'book', book],
  queryFn: () => apiGet<Highlight[]>(`/api/highlights?book=${encodeURIComponent(book)}&limit=500`),
  staleTime: 5 * 60 * 1000,
});

/** Spec §4: the highlights-changed browser event, 500 ms after a create, at once after a delete. */
export const announceHighlightsChanged = (delay: number) => setTimeout(() => window.dispatchEvent(new Event(HIGHLIGHT_CHANGED_EVENT)), delay);

/**
 * This chapter's highlights (the §5 membership rule), from the server, with the guest's merged in when
 * the server has none (§6); and the actions of §4: create for several verses, remove with rollback.
 */
export function useChapterHighlights(book: string, chapter: number) {
  const queryClient = useQueryClient();
  // A guest's highlights are only in this browser: no need to ask the server for each book.
  const user = useCurrentUser().data;
  const signedIn = Boolean(user);
  const server = useQuery({ ...bookHighlightsQuery(book), enabled: signedIn });
  const guest = useQuery(guestHighlightsQuery);
  // Changes made offline show at once, before the server has them.
  const pending = usePendingChanges();
  const list = useMemo(() => {
    const fromServer = signedIn ? withPendingHighlights(server.data ?? [], pending) : [];
    const all = fromServer.length ? fromServer : (guest.data ?? []);
    return all.filter((h) => highlightInChapter(h.reference, book, chapter));
  }, [server.data, guest.data, book, chapter, pending, signedIn]);
  const byVerse = useMemo(
    () =>
      new Map(
        list.flatMap((h) => {
          const v = verseOfReference(h.reference);
          return v === undefined ? [] : [[v, h] as const];
        }),
      ),
    [list],
  );

  const add = useCallback(
    async (verses: { verseId: string; reference: string; text: string }[], color: HighlightColor) => {
      try {
        for (const v of verses) {
          const input = { verse: v.verseId, color, reference: v.reference, text: stripQuotes(v.text) };
          if (user) {
            // Offline, kept in order and sent when the network returns (features/offline).
            const highlight: Highlight = { ...input, id: `${PENDING_ID_PREFIX}${crypto.randomUUID()}`, userId: user.id, createdAt: new Date().toISOString() };
            await sendOrKeep<Highlight>({ id: crypto.randomUUID(), kind: 'highlight-set', highlight });
            continue;
          }
          const saved = await orMadeHereForGuest(
            signedIn,
            () => apiPost<Highlight>('/api/highlights', input),
            () => guestHighlightMadeHere(input),
          );
          if (saved.userId === GUEST_USER_ID) guestHighlights.put(saved);
        }
        // Spec §7: the streak and achievements are read again once the day has it.
        void trackActivity({ versesHighlighted: verses.length }).then(() => queryClient.invalidateQueries({ queryKey: ['progress'] }));
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['highlights'] });
        announceHighlightsChanged(CREATED_EVENT_DELAY);
      }
    },
    [queryClient, signedIn, user],
  );

  const remove = useCallback(
    async (highlights: Highlight[]) => {
      const key = bookHighlightsQuery(book).queryKey;
      const ids = new Set(highlights.map((h) => h.id));
      // Update at once; on failure refetch (the rollback) and say so (spec §4, §8).
      queryClient.setQueryData<Highlight[]>(key, (old) => old?.filter((h) => !ids.has(h.id)));
      try {
        for (const h of highlights) {
          if (guestHighlights.remove(h.id)) continue;
          await sendOrKeep({ id: crypto.randomUUID(), kind: 'highlight-delete', highlightId: h.id, verse: h.verse });
        }
        announceHighlightsChanged(0);
      } catch {
        toastError('Failed to remove highlight. Please try again.');
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['highlights'] });
      }
    },
    [queryClient, book],
  );

  return { byVerse, add, remove };
}
