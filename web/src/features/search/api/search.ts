import { queryOptions } from '@tanstack/react-query';
import type { TopicPassages } from '#common/contracts/ai.ts';
import type { SearchRequest, SearchResponse } from '#common/contracts/bible.ts';
import { apiGet, NETWORK_ERROR } from '../../../lib/api-client.ts';

/** A search answered on this device from a downloaded translation, without a network. */
export type SearchResult = SearchResponse & { offline?: true };

export const OFFLINE_SEARCH_UNAVAILABLE =
  'You’re offline, and this translation is not downloaded to this device. Download it in Settings to search it without a connection.';

const TEN_MINUTES = 10 * 60 * 1000;

// Spec §9: search results are fresh for 10 minutes, as chapters are.
export const searchQuery = (params: SearchRequest) =>
  queryOptions({
    queryKey: ['search', params],
    queryFn: async (): Promise<SearchResult> => {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
      try {
        return await apiGet<SearchResponse>(`/api/search?${qs}`);
      } catch (error) {
        // No network: a translation downloaded here is searched on the device (issue 18), by code loaded
        // only now (the service worker keeps it with the app's other files).
        if (!(error instanceof Error) || error.message !== NETWORK_ERROR) throw error;
        const { searchDownloaded } = await import('../../offline/store/offline-search.ts');
        const here = await searchDownloaded(params);
        if (!here) throw new Error(OFFLINE_SEARCH_UNAVAILABLE, { cause: error });
        return { ...here, offline: true };
      }
    },
    staleTime: TEN_MINUTES,
  });

/** AI-enhanced search: passages by meaning for a question or topic (GET /api/ai/passages). */
export const topicPassagesQuery = (q: string, translation: string) =>
  queryOptions({
    queryKey: ['search', 'topics', q, translation],
    queryFn: () => apiGet<TopicPassages>(`/api/ai/passages?${new URLSearchParams({ q, translation })}`),
    staleTime: TEN_MINUTES,
  });
