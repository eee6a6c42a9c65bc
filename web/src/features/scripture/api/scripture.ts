import { queryOptions } from '@tanstack/react-query';
import type { BookEntry, ChapterContent, CompareItem, TranslationGroup } from '#common/contracts/bible.ts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { availableBooksPath, chapterContentPath } from '#common/scripture/reader-url.ts';

const HOUR = 60 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;

// Spec §9: the translation list is fresh for an hour, chapter content for 10 minutes.
export const translationGroupsQuery = queryOptions({
  queryKey: ['bible', 'translations', 'grouped'],
  queryFn: () => apiGet<TranslationGroup[]>('/api/bible/translations/grouped'),
  staleTime: HOUR,
  gcTime: 2 * HOUR,
});

export const availableBooksQuery = (translation: string) =>
  queryOptions({
    queryKey: ['bible', 'available-books', translation],
    queryFn: () => apiGet<BookEntry[]>(availableBooksPath(translation)),
    staleTime: HOUR,
    gcTime: 2 * HOUR,
  });

export const chapterQuery = (translation: string, book: string, chapter: number) =>
  queryOptions({
    queryKey: ['bible', 'content', translation, book, chapter],
    queryFn: () => apiGet<ChapterContent>(chapterContentPath(translation, book, chapter)),
    // A chapter that could not be had just now (its licensed service failed) is asked for again next time.
    staleTime: (query) => (query.state.data?.error && !query.state.data.redirect ? 0 : TEN_MINUTES),
    gcTime: 2 * TEN_MINUTES,
  });

export const firstAvailable = (translation: string) =>
  apiGet<{ book: string; chapter: number }>(`/api/bible/first-available/${encodeURIComponent(translation)}`);

export const compareQuery = (reference: string, translations: readonly string[]) =>
  queryOptions({
    queryKey: ['bible', 'compare', reference, [...translations]],
    queryFn: () => apiPost<CompareItem[]>(`/api/bible/compare/${encodeURIComponent(reference)}`, { translations }),
    staleTime: TEN_MINUTES,
  });
