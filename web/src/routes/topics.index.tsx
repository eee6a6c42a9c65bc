import { createFileRoute } from '@tanstack/react-router';
import { intParam, stringParam } from '#common/url-params.ts';
import { headTags } from '../lib/page-head.ts';
import { topicsHead, topicsQuery, type TopicsListParams } from '../features/topics/api/topics.ts';
import { TopicsPage } from '../features/topics/pages/TopicsPage.tsx';

/** /topics: the topical index (Nave's and any other installed), by name or A to Z (`?q=`, `?letter=`, `?page=`). Public: rendered on the server. */
export const Route = createFileRoute('/topics/')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (search: Record<string, unknown>): TopicsListParams => {
    const letter = stringParam(search.letter, { max: 1, upper: true });
    return {
      q: stringParam(search.q, { max: 100 }),
      letter: letter && /^[A-Z]$/.test(letter) ? letter : undefined,
      page: intParam(search.page, 2, 1000),
    };
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    await queryClient.ensureQueryData(topicsQuery(deps)).catch(() => undefined);
    return { head: topicsHead(deps) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function Topics() {
    return <TopicsPage {...Route.useSearch()} />;
  },
});
