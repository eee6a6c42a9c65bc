import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { enumParam } from '#common/url-params.ts';
import { RANKING_KINDS, RANKING_PERIODS, type RankingKind, type RankingPeriod } from '../features/progress/rankings.ts';
import { RankingsPage } from '../features/progress/pages/RankingsPage.tsx';

/**
 * The community board. The board in view is in the address (so it can be kept and shared); the
 * server renders the page's frame and the browser reads the board, with the viewer's own place.
 * Not for search engines: it is a list of people's chosen names that changes every day.
 */
export const Route = createFileRoute('/rankings')({
  head: staticHead('/rankings', 'Rankings', { noindex: true }),
  validateSearch: (search: Record<string, unknown>): { by?: RankingKind; period?: RankingPeriod } => ({
    by: enumParam(search.by, RANKING_KINDS),
    period: enumParam(search.period, RANKING_PERIODS),
  }),
  component: function Rankings() {
    const { by = 'chapters', period = 'week' } = Route.useSearch();
    return <RankingsPage by={by} period={period} />;
  },
});
