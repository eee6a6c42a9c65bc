import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { headTags } from '../lib/page-head.ts';
import { authorHead } from '../features/lessons/api/lesson-pages.ts';
import { authorByIdQuery } from '../features/lessons/api/lessons.ts';
import { pageDataOr404 } from '../lib/route-helpers/page-data.ts';
import { AuthorPage } from '../features/lessons/pages/AuthorPage.tsx';

/**
 * Spec §2 /authors/{id}: the author's page found by id. Public: rendered on the server; its canonical
 * address is the author's slug page (/bible-lessons/author/{slug}), the one lessons link to.
 */
export const Route = createFileRoute('/authors/$id')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    if (params.id.length > 64) throw notFound();
    const author = await pageDataOr404(() => queryClient.ensureQueryData(authorByIdQuery(params.id)));
    return { head: authorHead(author) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function AuthorById() {
    const { id } = Route.useParams();
    return <AuthorPage author={useQuery(authorByIdQuery(id)).data!} />;
  },
});
