import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Rankings, StudyStats, UserAchievements } from '#common/contracts/progress.ts';
import type { Settings } from '#common/contracts/study.ts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { readSettings } from '../../settings/api/settings.ts';
import type { RankingKind, RankingPeriod } from '../rankings.ts';
import { guestAchievements, guestStudyStats, guestToday } from '../store/guest-progress.ts';
import { guestPlans } from '../../plans/store/guest-plans.ts';

/** The days a guest's plans were finished, for the Plan Complete achievement. */
const finishedPlanDays = () => guestPlans().flatMap((p) => (p.finishedOn ? [p.finishedOn] : []));

/**
 * Whose progress a query holds: 'guest' (this browser) or the account's user id. It ends every key, so
 * a guest's figures kept in the cache are never shown as an account's after signing in in the same tab;
 * every key starts with 'progress', so the reader invalidates them all after a completed chapter.
 */
export type ProgressOwner = 'guest' | (string & {});

// Spec §9: the streak is fresh for 5 minutes; the other figures follow the same rule. A guest's come
// from this browser's storage, cheap to read, so they are read again whenever a page shows them.
const FRESH_MS = 5 * 60 * 1000;
const freshness = (owner: ProgressOwner) => (owner === 'guest' ? 0 : FRESH_MS);

export const studyStatsQuery = (owner: ProgressOwner) =>
  queryOptions({
    queryKey: ['progress', 'stats', owner],
    queryFn: () => (owner === 'guest' ? guestStudyStats(guestToday()) : apiGet<StudyStats>('/api/study-stats')),
    staleTime: freshness(owner),
  });

export const achievementsQuery = (owner: ProgressOwner) =>
  queryOptions({
    queryKey: ['progress', 'achievements', owner],
    queryFn: () => (owner === 'guest' ? guestAchievements(guestToday(), finishedPlanDays()) : apiGet<UserAchievements>('/api/user-achievements')),
    staleTime: freshness(owner),
  });

/** The board is public; the owner still ends the key because `you` is the viewer's own place. */
export const rankingsQuery = (by: RankingKind, period: RankingPeriod, owner: ProgressOwner) =>
  queryOptions({
    queryKey: ['progress', 'rankings', by, period, owner],
    queryFn: () => apiGet<Rankings>(`/api/rankings?${new URLSearchParams({ by, period })}`),
    staleTime: FRESH_MS,
  });

/**
 * Who the figures belong to, once known: undefined until the page has hydrated and the account has
 * been asked for, so nothing is read twice (first as a guest, then as the account).
 */
export function useProgressOwner(): ProgressOwner | undefined {
  const user = useCurrentUser();
  if (user.isPending) return undefined;
  return user.data ? user.data.id : 'guest';
}

// Until the owner is known the query waits under a key of its own, which nothing ever fills.
const NOBODY_YET = 'pending';
const owned = <T extends object>(owner: ProgressOwner | undefined, make: (owner: ProgressOwner) => T) => ({
  ...make(owner ?? NOBODY_YET),
  enabled: owner !== undefined,
});

export const useStudyStats = () => useQuery(owned(useProgressOwner(), studyStatsQuery));
export const useAchievements = () => useQuery(owned(useProgressOwner(), achievementsQuery));

/** The board for everyone; the viewer's own row and place once it is known who is looking. */
export const useRankings = (by: RankingKind, period: RankingPeriod) => useQuery(owned(useProgressOwner(), (owner) => rankingsQuery(by, period, owner)));

const visibilityQuery = (userId: string) =>
  queryOptions({ queryKey: ['progress', 'visibility', userId], queryFn: () => readSettings().then((s) => s.showInRankings) });

/**
 * Whether the signed-in person's display name may appear in the rankings, and changing it through
 * the settings save. The boards are read again after a change, so the person's row comes or goes.
 */
export function useRankingsVisibility() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id;
  const shown = useQuery({ ...visibilityQuery(userId ?? ''), enabled: Boolean(userId) });
  const change = useMutation({
    mutationFn: (showInRankings: boolean) => apiPost<Settings>('/api/settings', { showInRankings, userId: '' }),
    onSuccess: (saved) => {
      if (userId) queryClient.setQueryData(visibilityQuery(userId).queryKey, saved.showInRankings);
      return queryClient.invalidateQueries({ queryKey: ['progress', 'rankings'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ['progress', 'visibility'] }),
  });
  return { shown: shown.data, isError: shown.isError, change };
}
