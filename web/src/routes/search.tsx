import { createFileRoute } from '@tanstack/react-router';
import { SearchPage, type SearchPageParams } from '../features/search/pages/SearchPage.tsx';
import { enumParam, intParam, stringParam } from '#common/url-params.ts';

export const Route = createFileRoute('/search')({
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
