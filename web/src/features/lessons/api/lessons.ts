import { queryOptions } from '@tanstack/react-query';
import type { Article, AuthorProfile, LessonDetail, LessonsPage } from '#common/contracts/lessons.ts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

// Spec §9: the home page's data (the latest lessons among it) is fresh for 30 minutes and kept for 60;
// a lesson changes as rarely, so its pages keep the same times.
const FRESH_MS = 30 * 60 * 1000;
const KEPT_MS = 60 * 60 * 1000;

/** Spec §9: the home page shows this many lessons (the contract's LATEST_LESSONS, which is zod's side of common/). */
export const LATEST_LESSONS = 3;

/** Every lessons query starts with this key: an editor's change invalidates them all at once. */
export const LESSONS_KEY = 'bible-lessons';

/**
 * A lessons read with spec §8's message on failure ('Failed to fetch articles'). A lesson or author
 * that is not there (404, or 400 for an address that cannot name one) stays an ApiError, so its page
 * is the not-found page with a 404 (`pageDataOr404`).
 */
async function fetchLessons<T>(path: string): Promise<T> {
  try {
    return await apiGet<T>(path);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw error;
    throw new Error('Failed to fetch articles');
  }
}

/** GET /api/bible-lessons/articles?limit=3: the latest published lessons, newest first (the home page). */
export const latestLessonsQuery = queryOptions({
  queryKey: [LESSONS_KEY, 'latest', LATEST_LESSONS],
  queryFn: () => fetchLessons<Article[]>(`/api/bible-lessons/articles?limit=${LATEST_LESSONS}`),
  staleTime: FRESH_MS,
  gcTime: KEPT_MS,
});

/** GET /api/bible-lessons?page=N: a page of the published lessons (12 a page), newest first. */
export const lessonsPageQuery = (page: number) =>
  queryOptions({
    queryKey: [LESSONS_KEY, 'page', page],
    queryFn: () => fetchLessons<LessonsPage>(`/api/bible-lessons?page=${page}`),
    staleTime: FRESH_MS,
    gcTime: KEPT_MS,
  });

/** GET /api/bible-lessons/articles/{slug}: a lesson with its body, checked references, author and related lessons. */
export const lessonQuery = (slug: string) =>
  queryOptions({
    queryKey: [LESSONS_KEY, 'lesson', slug],
    queryFn: () => fetchLessons<LessonDetail>(`/api/bible-lessons/articles/${encodeURIComponent(slug)}`),
    staleTime: FRESH_MS,
    gcTime: KEPT_MS,
  });

/** GET /api/bible-lessons/authors/{slug}: an author's page, found by the slug in its address. */
export const authorBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: [LESSONS_KEY, 'author', 'slug', slug],
    queryFn: () => fetchLessons<AuthorProfile>(`/api/bible-lessons/authors/${encodeURIComponent(slug)}`),
    staleTime: FRESH_MS,
    gcTime: KEPT_MS,
  });

/** GET /api/authors/{id}: an author's page, found by id (spec §2 /authors/{id}). */
export const authorByIdQuery = (id: string) =>
  queryOptions({
    queryKey: [LESSONS_KEY, 'author', 'id', id],
    queryFn: () => fetchLessons<AuthorProfile>(`/api/authors/${encodeURIComponent(id)}`),
    staleTime: FRESH_MS,
    gcTime: KEPT_MS,
  });
