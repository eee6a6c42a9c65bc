import { createFileRoute, notFound } from '@tanstack/react-router';
import { headTags } from '../lib/page-head.ts';
import { newsPostHead } from '../features/news/api/news-pages.ts';
import { newsPostQuery } from '../features/news/api/news.ts';
import { pageDataOr404 } from '../lib/route-helpers/page-data.ts';
import { NewsPostPage } from '../features/news/pages/NewsPostPage.tsx';

/** /news/{id}: a published news post. Public: rendered on the server; an unknown id or a draft is a 404. */
export const Route = createFileRoute('/news/$id')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    if (params.id.length > 64) throw notFound();
    const post = await pageDataOr404(() => queryClient.ensureQueryData(newsPostQuery(params.id)));
    return { head: newsPostHead(post) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function NewsPost() {
    const { id } = Route.useParams();
    return <NewsPostPage id={id} />;
  },
});
