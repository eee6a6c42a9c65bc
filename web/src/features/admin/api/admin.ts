import { queryOptions } from '@tanstack/react-query';
import type { AdminOverview, AuditEntry, Diagnostics } from '#common/contracts/admin.ts';
import type { AdminAuthor, AdminLesson, AuthorInput, LessonInput, LessonPreview } from '#common/contracts/lessons.ts';
import type { NewsInput, NewsPost } from '#common/contracts/news.ts';
import { ApiError, apiGet, apiPost, apiRequest, apiSendFile } from '../../../lib/api-client.ts';

export type AdminAccess = 'admin' | 'signed-out' | 'not-admin';

/** GET /api/admin/status: the server decides who is an admin (the page only shows what it says). */
export const adminAccessQuery = queryOptions({
  queryKey: ['admin', 'status'],
  queryFn: async (): Promise<AdminAccess> => {
    try {
      await apiRequest('GET', '/api/admin/status');
      return 'admin';
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return 'signed-out';
      if (error instanceof ApiError && error.status === 403) return 'not-admin';
      throw error;
    }
  },
  retry: false,
  // Never answer from an old reply: a stale 'signed-out' after an admin signs in would send the
  // person back to the sign-in page, which sends an admin on to /admin, and round again.
  staleTime: 0,
  gcTime: 0,
});

/** POST /api/admin/sign-in: a session only for an admin; anyone else is refused and stays signed out. */
export const adminSignIn = (email: string, password: string) => apiRequest('POST', '/api/admin/sign-in', { email, password });

// --- The panel's data (each call is checked on the server; the panel only shows what it answers) ---

const fresh = { staleTime: 0, gcTime: 5 * 60_000 } as const;

export const adminOverviewQuery = queryOptions({ queryKey: ['admin', 'overview'], queryFn: () => apiGet<AdminOverview>('/api/admin/overview'), ...fresh });

export const auditQuery = (before?: string) =>
  queryOptions({
    queryKey: ['admin', 'audit', before ?? 'latest'],
    queryFn: () => apiGet<{ entries: AuditEntry[] }>(`/api/admin/audit${before ? `?before=${encodeURIComponent(before)}` : ''}`),
    ...fresh,
  });

export const adminLessonsQuery = queryOptions({ queryKey: ['admin', 'lessons'], queryFn: () => apiGet<AdminLesson[]>('/api/admin/lessons'), ...fresh });
export const adminLessonQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'lessons', id], queryFn: () => apiGet<AdminLesson>(`/api/admin/lessons/${encodeURIComponent(id)}`), ...fresh });
export const adminAuthorsQuery = queryOptions({ queryKey: ['admin', 'authors'], queryFn: () => apiGet<AdminAuthor[]>('/api/admin/authors'), ...fresh });
export const adminNewsQuery = queryOptions({ queryKey: ['admin', 'news'], queryFn: () => apiGet<NewsPost[]>('/api/admin/news'), ...fresh });
export const adminNewsPostQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'news', id], queryFn: () => apiGet<NewsPost>(`/api/admin/news/${encodeURIComponent(id)}`), ...fresh });

export const saveLesson = (id: string | undefined, input: LessonInput) =>
  id ? apiRequest<AdminLesson>('PUT', `/api/admin/lessons/${encodeURIComponent(id)}`, input) : apiPost<AdminLesson>('/api/admin/lessons', input);
export const deleteLesson = (id: string) => apiRequest<{ ok: true }>('DELETE', `/api/admin/lessons/${encodeURIComponent(id)}`);
export const previewLesson = (body: string) => apiPost<LessonPreview>('/api/admin/lessons/preview', { body });
export const uploadHero = (id: string, file: File) => apiSendFile<AdminLesson>('PUT', `/api/admin/lessons/${encodeURIComponent(id)}/hero`, file, file.type);
export const removeHero = (id: string) => apiRequest<AdminLesson>('DELETE', `/api/admin/lessons/${encodeURIComponent(id)}/hero`);
export const uploadAuthorPicture = (id: string, file: File) =>
  apiSendFile<AdminAuthor>('PUT', `/api/admin/authors/${encodeURIComponent(id)}/picture`, file, file.type);
export const removeAuthorPicture = (id: string) => apiRequest<AdminAuthor>('DELETE', `/api/admin/authors/${encodeURIComponent(id)}/picture`);
export const saveAuthor = (id: string | undefined, input: AuthorInput) =>
  id ? apiRequest<AdminAuthor>('PUT', `/api/admin/authors/${encodeURIComponent(id)}`, input) : apiPost<AdminAuthor>('/api/admin/authors', input);
export const saveNews = (id: string | undefined, input: NewsInput) =>
  id ? apiRequest<NewsPost>('PUT', `/api/admin/news/${encodeURIComponent(id)}`, input) : apiPost<NewsPost>('/api/admin/news', input);
export const deleteNews = (id: string) => apiRequest<{ ok: true }>('DELETE', `/api/admin/news/${encodeURIComponent(id)}`);

export const diagnosticsQuery = queryOptions({ queryKey: ['admin', 'diagnostics'], queryFn: () => apiGet<Diagnostics>('/api/admin/diagnostics'), ...fresh });
