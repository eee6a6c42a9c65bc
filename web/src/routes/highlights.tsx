import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { HIGHLIGHT_COLORS } from '#common/study/rules.ts';
import { HighlightsPage } from '../features/study/pages/HighlightsPage.tsx';
import type { HighlightsListParams } from '../features/study/api/lists.ts';
import { enumParam, intParam, stringParam } from '#common/url-params.ts';

/** My Highlights: search, colour, book and page live in the URL. */
export const Route = createFileRoute('/highlights')({
  head: staticHead('/highlights', 'My Highlights', { noindex: true }),
  validateSearch: (search: Record<string, unknown>): HighlightsListParams => ({
    q: stringParam(search.q, { max: 200 }),
    color: enumParam(search.color, HIGHLIGHT_COLORS),
    book: stringParam(search.book, { max: 40 }),
    page: intParam(search.page, 1, 10_000),
  }),
  component: function Highlights() {
    return <HighlightsPage {...Route.useSearch()} />;
  },
});
