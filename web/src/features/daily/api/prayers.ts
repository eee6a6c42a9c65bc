import { queryOptions } from '@tanstack/react-query';
import type { PrayerDay, PrayerPicture } from '#common/contracts/daily.ts';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client.ts';

// A past day's prayer does not change and today's only gains its picture: the homepage's §9 times suit them.
const FRESH_MS = 30 * 60 * 1000;
const KEPT_MS = 60 * 60 * 1000;

/** GET /api/prayers[/{day}]: a day's prayer (today's without a day) with the neighbouring days that have one. */
export const prayerDayQuery = (day: string | undefined) =>
  queryOptions({
    queryKey: ['prayers', day ?? 'today'],
    queryFn: () => apiGet<PrayerDay>(day ? `/api/prayers/${encodeURIComponent(day)}` : '/api/prayers'),
    staleTime: FRESH_MS,
    gcTime: KEPT_MS,
  });

/** GET /api/generated-images/prayer/{prayerId}: the prayer's picture, or null while it is not made yet (404). */
export const prayerPictureQuery = (prayerId: string) =>
  queryOptions({
    queryKey: ['prayer-image', prayerId],
    queryFn: async (): Promise<PrayerPicture | null> => {
      try {
        return await apiGet<PrayerPicture>(`/api/generated-images/prayer/${encodeURIComponent(prayerId)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: FRESH_MS,
    gcTime: KEPT_MS,
  });

/** POST /api/generated-images/generate: the prayer's picture made again, asked for when it would not load. */
export function regeneratePrayerPicture(prayerId: string): Promise<PrayerPicture> {
  return apiPost<PrayerPicture>('/api/generated-images/generate', { prayerId });
}
