import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Highlight } from '#common/contracts/study.ts';
import { apiPost, apiRequest } from '../../lib/api-client.ts';
import { toastError } from '../../components/ui/toast-store.ts';
import { announceHighlightsChanged, CREATED_EVENT_DELAY, guestHighlights, guestHighlightsQuery } from '../highlights/highlights-store.ts';
import { guestHighlightsPage } from './guest-lists.ts';
import { highlightsPageQuery, type HighlightsListParams, type Page } from './list-api.ts';
import type { Viewer } from './use-viewer.ts';

/**
 * One page of the person's highlights (account or browser) and its actions, with the reader's rules
 * (spec §4): a new colour is a highlight saved again for the same verse; removal shows at once and
 * is rolled back by a refetch, with the §8 toast, when the server refuses.
 */
export function useHighlightsList(params: HighlightsListParams, viewer: Viewer) {
  const queryClient = useQueryClient();
  const server = useQuery({ ...highlightsPageQuery(params), enabled: viewer === 'user' });
  const guest = useQuery({ ...guestHighlightsQuery, enabled: viewer === 'guest' });
  const data: Page<Highlight> | undefined =
    viewer === 'guest' ? guest.data && guestHighlightsPage(guest.data, params) : viewer === 'user' ? server.data : undefined;
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['highlights'] }), [queryClient]);
  const key = highlightsPageQuery(params).queryKey;

  const change = useCallback(
    async (updater: (old: Page<Highlight>) => Page<Highlight>) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Page<Highlight>>(key, (old) => old && updater(old));
    },
    [queryClient, key],
  );

  const remove = useCallback(
    async (h: Highlight) => {
      try {
        if (viewer === 'guest') guestHighlights.remove(h.id);
        else {
          await change((old) => ({ items: old.items.filter((x) => x.id !== h.id), total: old.total - 1 }));
          await apiRequest('DELETE', `/api/highlights/${encodeURIComponent(h.id)}`);
        }
        announceHighlightsChanged(0);
      } catch {
        toastError('Failed to remove highlight. Please try again.');
      } finally {
        await refresh();
      }
    },
    [viewer, change, refresh],
  );

  const recolor = useCallback(
    async (h: Highlight, color: Highlight['color']) => {
      if (color === h.color) return;
      try {
        if (viewer === 'guest') guestHighlights.update(h.id, { color });
        else {
          await change((old) => ({ ...old, items: old.items.map((x) => (x.id === h.id ? { ...x, color } : x)) }));
          await apiPost<Highlight>('/api/highlights', { verse: h.verse, color, reference: h.reference, text: h.text });
        }
        announceHighlightsChanged(CREATED_EVENT_DELAY);
      } catch {
        toastError('Failed to change the highlight colour. Please try again.');
      } finally {
        await refresh();
      }
    },
    [viewer, change, refresh],
  );

  return {
    data,
    isPending: viewer === 'loading' || (viewer === 'user' ? server.isPending : guest.isPending),
    isFetching: server.isFetching,
    error: viewer === 'user' ? server.error : null,
    retry: () => void server.refetch(),
    remove,
    recolor,
  };
}
