import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Highlight, Note } from '#common/contracts/study.ts';
import { ApiError, NETWORK_ERROR } from '../../lib/api-client.ts';
import { guestHighlights } from '../highlights/highlights-store.ts';
import { guestNotes } from '../notes/notes-store.ts';

export const PAGE_SIZE = 20;

export interface Page<T> {
  items: T[];
  /** All that match, from X-Total-Count. */
  total: number;
}

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

/** A GET of a paged list: the array of the reply and its X-Total-Count (errors as the API client's, §8). */
async function getPage<T>(path: string): Promise<Page<T>> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'include' });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const items = (await res.json()) as T[];
  return { items, total: Number(res.headers.get('x-total-count') ?? items.length) };
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
    queryKey: ['notes', 'list', p],
    queryFn: () => getPage<Note>(listPath('/api/notes', { q: p.q, type: p.type, book: p.book, limit: PAGE_SIZE, offset: offsetOf(p.page) })),
    staleTime: 5 * 60 * 1000,
    retry: 3,
    retryDelay: 1000,
    placeholderData: keepPreviousData,
  });

export const highlightsPageQuery = (p: HighlightsListParams) =>
  queryOptions({
    queryKey: ['highlights', 'list', p],
    queryFn: () => getPage<Highlight>(listPath('/api/highlights', { q: p.q, color: p.color, book: p.book, limit: PAGE_SIZE, offset: offsetOf(p.page) })),
    staleTime: 5 * 60 * 1000,
    placeholderData: keepPreviousData,
  });

// A guest's lists, read through the same keys the reader's stores use for them.
export const guestNotesQuery = queryOptions({ queryKey: ['notes', 'guest'], queryFn: () => guestNotes.read(), staleTime: Infinity });
export const guestHighlightsQuery = queryOptions({ queryKey: ['highlights', 'guest'], queryFn: () => guestHighlights.read(), staleTime: Infinity });
