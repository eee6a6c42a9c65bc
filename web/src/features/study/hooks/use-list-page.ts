import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { PAGE_SIZE, type Page } from '../api/lists.ts';

export interface ListParams {
  q?: string;
  book?: string;
  page?: number;
}

/**
 * What /notes and /highlights share: search, filters and page number live in the URL; a change of
 * search or filter goes back to page 1; a page emptied by deleting its last item (or a stale page
 * number) moves to the last page there is.
 */
export function useListPage<P extends ListParams>(to: '/notes' | '/highlights', params: P, data: Page<unknown> | undefined, filtered: boolean) {
  const navigate = useNavigate();
  const go = useCallback((search: (old: P) => P, replace = true) => void navigate({ to, search: search as never, replace }), [navigate, to]);
  const update = useCallback((next: Partial<P>) => go((old) => ({ ...old, page: undefined, ...next })), [go]);
  const onSearch = useCallback((q: string | undefined) => update({ q } as Partial<P>), [update]);
  const page = params.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // Nothing at all yet: the first-item hint stands alone, without filters or a count of zero.
  const empty = data !== undefined && data.total === 0 && !filtered;
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > pages) update({ page: pages } as Partial<P>);
  }, [data, page, pages, update]);
  return {
    page,
    pages,
    empty,
    update,
    onSearch,
    clear: () => go(() => ({}) as P),
    toPage: (p: number) => go((old) => ({ ...old, page: p }), false),
  };
}
