import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { headTags } from '../lib/page-head.ts';
import { authorHead } from '../features/lessons/api/lesson-pages.ts';
import { authorBySlugQuery } from '../features/lessons/api/lessons.ts';
import { pageDataOr404 } from '../lib/route-helpers/page-data.ts';
import { AuthorPage } from '../features/lessons/pages/AuthorPage.tsx';

/** Spec §2 /bible-lessons/author/{slug}: an author's bio and lessons. Public: rendered on the server; an unknown slug is a 404. */
export const Route = createFileRoute('/bible-lessons/author/$slug')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    if (params.slug.length > 80) throw notFound();
    const author = await pageDataOr404(() => queryClient.ensureQueryData(authorBySlugQuery(params.slug)));
    return { head: authorHead(author) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function Author() {
    const { slug } = Route.useParams();
    return <AuthorPage author={useQuery(authorBySlugQuery(slug)).data!} />;
  },
});
