import type { Rankings } from '#common/contracts/progress.ts';

export type RankingKind = Rankings['by'];
export type RankingPeriod = Rankings['period'];

// The contract's lists are zod-side values, which the browser does not load; these copies are checked
// against its types. They stay in a file of their own because the route reads them on every page load.
export const RANKING_KINDS = ['chapters', 'streak'] as const satisfies readonly RankingKind[];
export const RANKING_PERIODS = ['week', 'month', 'all'] as const satisfies readonly RankingPeriod[];

export const PERIOD_LABELS: Record<RankingPeriod, string> = { week: 'This week', month: 'This month', all: 'All time' };

/**
 * The board a page asks for. A streak is a streak whatever the period, so the streak board is always
 * asked for over all time: there is one, not three that would look the same.
 */
export function boardOf(by: RankingKind, period: RankingPeriod): { by: RankingKind; period: RankingPeriod } {
  return by === 'streak' ? { by, period: 'all' } : { by, period };
}

/** What the board ranks, for its heading: "Chapters completed, this week", "Current study streaks". */
export function boardTitle(by: RankingKind, period: RankingPeriod): string {
  return by === 'streak' ? 'Current study streaks' : `Chapters completed, ${PERIOD_LABELS[period].toLowerCase()}`;
}
