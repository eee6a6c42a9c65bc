import { queryOptions } from '@tanstack/react-query';
import type { HomepageData } from '#common/contracts/home.ts';
import { apiGet } from '../../../lib/api-client.ts';

// Spec §9: homepage data is fresh for 30 minutes and kept for 60.
export const homepageQuery = queryOptions({
  queryKey: ['homepage'],
  queryFn: async () => {
    try {
      return await apiGet<HomepageData>('/api/homepage');
    } catch {
      throw new Error('Failed to fetch homepage data');
    }
  },
  staleTime: 30 * 60 * 1000,
  gcTime: 60 * 60 * 1000,
});

/**
 * The verse the home page shows when there is no verse of the day. Here, not in the page, so the
 * route's loader can name it without bringing the whole page into every page's first script.
 */
export const FALLBACK_VERSE = { book: 'Matthew', chapter: 11, verse: 28, translation: 'KJV' } as const;

/**
 * The homepage data with a remade picture of its prayer in place of the one that would not load
 * (spec §7: a remake refreshes the prayer picture's data), so a later visit to the page shows the new one.
 */
export function withRemadePicture(data: HomepageData | undefined, prayerId: string, picture: Picture): HomepageData | undefined {
  if (!data || data.prayer?.id !== prayerId) return data;
  return { ...data, prayerImage: picture, visualContemplation: picture };
}

type Picture = NonNullable<HomepageData['visualContemplation']>;
