import { headTags, simplePageHead, SITE_NAME } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { SearchPage, type SearchPageParams } from '../features/search/pages/SearchPage.tsx';
import { enumParam, intParam, stringParam } from '#common/url-params.ts';

export const Route = createFileRoute('/search')({
  head: ({ match }) => {
    const q = match.search.q?.trim().slice(0, 100);
    const head = q
      ? { title: `“${q}” — Search the Bible — ${SITE_NAME}`, description: `Verses of the Bible matching “${q}”.`, canonical: '/search', noindex: true }
      : simplePageHead('/search', 'Search the Bible', { noindex: true });
    return headTags(head, match.context.origin);
  },
  validateSearch: (search: Record<string, unknown>): SearchPageParams => ({
    q: stringParam(search.q, { max: 200 }),
    translation: stringParam(search.translation, { max: 16, upper: true }),
    book: stringParam(search.book, { max: 40 }),
    testament: enumParam(search.testament, ['OT', 'NT'] as const),
    page: intParam(search.page, 1, 500),
  }),
  component: function Search() {
    return <SearchPage {...Route.useSearch()} />;
  },
});
