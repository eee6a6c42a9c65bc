import { queryOptions } from '@tanstack/react-query';
import type { TopicPassages } from '#common/contracts/ai.ts';
import type { SearchRequest, SearchResponse } from '#common/contracts/bible.ts';
import { apiGet } from '../../../lib/api-client.ts';

const TEN_MINUTES = 10 * 60 * 1000;

// Spec §9: search results are fresh for 10 minutes, as chapters are.
export const searchQuery = (params: SearchRequest) =>
  queryOptions({
    queryKey: ['search', params],
    queryFn: () => {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
      return apiGet<SearchResponse>(`/api/search?${qs}`);
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
