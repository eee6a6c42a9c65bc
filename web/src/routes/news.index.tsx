import { createFileRoute } from '@tanstack/react-router';
import { intParam } from '#common/url-params.ts';
import { headTags } from '../lib/page-head.ts';
import { newsListHead } from '../features/news/api/news-pages.ts';
import { newsPageQuery } from '../features/news/api/news.ts';
import { NewsPage } from '../features/news/pages/NewsPage.tsx';

/** /news: published news about the site, a page at a time (`?page=N`). Public: rendered on the server. */
export const Route = createFileRoute('/news/')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: intParam(search.page, 1, 10_000) }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { queryClient }, deps }) => {
    const data = await queryClient.ensureQueryData(newsPageQuery(deps.page));
    return { head: newsListHead(data, deps.page) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function News() {
    const { page } = Route.useSearch();
    return <NewsPage page={page ?? 1} />;
  },
});
