import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { Highlight, Note } from '#common/contracts/study.ts';
import { apiGetPage } from '../../../lib/api-client.ts';

export const PAGE_SIZE = 20;

export type Page<T> = Awaited<ReturnType<typeof apiGetPage<T>>>;

export interface NotesListParams {
  q?: string;
  type?: Note['type'];
  book?: string;
  page?: number;
}

export interface HighlightsListParams {
  q?: string;
  color?: Highlight['color'];
  book?: string;
  page?: number;
}

function listPath(path: string, filters: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') query.set(k, String(v));
  return `${path}?${query}`;
}

const offsetOf = (page = 1) => (page - 1) * PAGE_SIZE;

// Keys under ['notes', …] and ['highlights', …], so what the reader and the study panel invalidate
// refreshes these pages too. Spec §9: notes fresh 5 min, 3 retries 1 s apart; highlights fresh 5 min.
export const notesPageQuery = (p: NotesListParams) =>
  queryOptions({
    queryKey: ['notes', 'list', p] as QueryKey,
    queryFn: () => apiGetPage<Note>(listPath('/api/notes', { q: p.q, type: p.type, book: p.book, limit: PAGE_SIZE, offset: offsetOf(p.page) })),
    staleTime: 5 * 60 * 1000,
    retry: 3,
    retryDelay: 1000,
    placeholderData: keepPreviousData,
  });

export const highlightsPageQuery = (p: HighlightsListParams) =>
  queryOptions({
    queryKey: ['highlights', 'list', p] as QueryKey,
    queryFn: () => apiGetPage<Highlight>(listPath('/api/highlights', { q: p.q, color: p.color, book: p.book, limit: PAGE_SIZE, offset: offsetOf(p.page) })),
    staleTime: 5 * 60 * 1000,
    placeholderData: keepPreviousData,
  });
