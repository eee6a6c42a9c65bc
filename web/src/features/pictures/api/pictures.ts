import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { GalleryImage, SharedVerse, ShareGraphic, VerseVisualization } from '#common/contracts/pictures.ts';
import { CHAPTER_PICTURES_FETCHED, VISUALIZATIONS_FETCHED, type FontStyle } from '#common/pictures/rules.ts';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client.ts';
import { PROGRESS_KEY } from '../../progress/api/progress-reports.ts';
import { guestShares, guestSharesQuery } from '../store/guest-shares.ts';

export type { GalleryImage, SharedVerse, ShareGraphic, VerseVisualization };

/** Spec §7 GET /api/verse-visualizations/{reference}?translation=&limit=20. */
export const verseVisualizationsQuery = (reference: string, translation: string) =>
  queryOptions({
    queryKey: ['verse-visualizations', reference, translation],
    queryFn: () =>
      apiGet<VerseVisualization[]>(
        `/api/verse-visualizations/${encodeURIComponent(reference)}?translation=${encodeURIComponent(translation)}&limit=${VISUALIZATIONS_FETCHED}`,
      ),
  });

/** Spec §7 GET /api/gallery?reference=&translation=. */
export const galleryQuery = (reference: string, translation: string) =>
  queryOptions({
    queryKey: ['gallery', reference, translation],
    queryFn: () =>
      apiGet<GalleryImage[]>(
        `/api/gallery?reference=${encodeURIComponent(reference)}&translation=${encodeURIComponent(translation)}&limit=${CHAPTER_PICTURES_FETCHED}`,
      ),
  });

export const createVerseVisualization = (input: { reference: string; verseText: string; translation: string }) =>
  apiPost<VerseVisualization>('/api/verse-visualizations/generate', input);

export const regenerateVisualization = (input: { id: string; reference: string; verseText: string; translation: string }) =>
  apiPost<{ imageUrl: string }>('/api/verse-visualizations/regenerate', input);

/** Spec §7 detail: counts a view; the result is not needed. */
export const countVerseView = (id: string) => apiGet<VerseVisualization>(`/api/verse-visualizations/detail/${encodeURIComponent(id)}`);
export const countPictureView = (id: string) => apiPost<{ viewCount: number }>(`/api/pictures/${encodeURIComponent(id)}/view`, {});

export const createChapterPicture = (input: { bibleReference: string; bibleContent: string; translation: string }) =>
  apiPost<GalleryImage>('/api/gallery/generate', input);

export const reportPicture = (id: string, reason?: string) =>
  apiPost<{ reported: true; hidden: boolean }>(`/api/pictures/${encodeURIComponent(id)}/report`, { reason });

export interface ShareStyle {
  fontStyle: FontStyle;
  backgroundColor: string;
  textColor: string;
}

export const generateGraphic = (input: { verseText: string; reference: string; translation: string } & ShareStyle) =>
  apiPost<{ id: string; imageUrl: string; width: number; height: number }>('/api/shared-verses/generate-graphic', input);

/**
 * Spec §7 POST /api/shared-verses: shares a verse and answers its code. A guest's share is kept in this
 * browser with the key that deletes it. Either way the progress figures are read again, since a first
 * share earns Pass It On (spec §7 cache refresh).
 */
export async function shareVerse(
  queryClient: QueryClient,
  input: { verseText: string; reference: string; translation: string; customGraphicUrl: string | null } & ShareStyle,
): Promise<string> {
  const { shareCode, ownerKey } = await apiPost<{ shareCode: string; ownerKey?: string }>('/api/shared-verses', { ...input, isPublic: 1 });
  if (ownerKey) {
    const { reference, translation, verseText } = input;
    guestShares.prepend({ id: shareCode, ownerKey, reference, translation, verseText, createdAt: new Date().toISOString() });
    void queryClient.invalidateQueries({ queryKey: guestSharesQuery.queryKey });
  }
  void queryClient.invalidateQueries({ queryKey: PROGRESS_KEY });
  return shareCode;
}

/** The most keys sent at once (the server's limit); any more move on the next load. */
const CLAIM_BATCH = 500;

/**
 * A guest's shares from this browser into the account just signed in: each key proves the share was
 * made here, as it does for deleting one. Answers how many moved; those sent leave the browser.
 */
export async function moveGuestShares(queryClient: QueryClient): Promise<number> {
  const sent = guestShares.read().slice(0, CLAIM_BATCH);
  if (sent.length === 0) return 0;
  const { moved } = await apiPost<{ moved: number }>('/api/shared-verses/claim', { ownerKeys: sent.map((s) => s.ownerKey) });
  const ids = new Set(sent.map((s) => s.id));
  guestShares.write(guestShares.read().filter((s) => !ids.has(s.id)));
  void queryClient.invalidateQueries({ queryKey: ['shared-verses'] });
  return moved;
}

export const deleteSharedVerse = (code: string, ownerKey?: string) =>
  apiRequest<void>('DELETE', `/api/shared-verses/${encodeURIComponent(code)}`, ownerKey ? { ownerKey } : undefined);

/** Public reads for the pages (they count no view; the page counts one once shown). */
export const sharedVerseQuery = (code: string) =>
  queryOptions({
    queryKey: ['shared-verse', code],
    queryFn: () => apiGet<SharedVerse & { isPublic: boolean }>(`/api/shared-verses/${encodeURIComponent(code)}`),
  });
export const verseVisualizationQuery = (id: string) =>
  queryOptions({
    queryKey: ['verse-visualization', id],
    queryFn: () => apiGet<VerseVisualization>(`/api/verse-visualizations/picture/${encodeURIComponent(id)}`),
  });
export const chapterPictureQuery = (id: string) =>
  queryOptions({ queryKey: ['chapter-picture', id], queryFn: () => apiGet<GalleryImage>(`/api/gallery/picture/${encodeURIComponent(id)}`) });
export const shareGraphicQuery = (id: string) =>
  queryOptions({ queryKey: ['share-graphic', id], queryFn: () => apiGet<ShareGraphic>(`/api/share-graphics/${encodeURIComponent(id)}`) });

/** A signed-in person's shared verses, 20 a page, newest first. */
export const mySharedVersesQuery = infiniteQueryOptions({
  queryKey: ['shared-verses', 'mine'],
  queryFn: ({ pageParam }) =>
    apiGet<{ items: SharedVerse[]; nextCursor: string | null }>(`/api/shared-verses${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
  initialPageParam: '',
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});
