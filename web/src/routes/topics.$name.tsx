import { createFileRoute, notFound } from '@tanstack/react-router';
import { DEFAULT_TRANSLATION } from '#common/scripture/categories.ts';
import { stringParam } from '#common/url-params.ts';
import { headTags } from '../lib/page-head.ts';
import { pageDataOr404 } from '../lib/route-helpers/page-data.ts';
import { topicHead, topicQuery } from '../features/topics/api/topics.ts';
import { preferredTranslation } from '../features/translations/store/preferred-translation.ts';
import { TopicPage } from '../features/topics/pages/TopicPage.tsx';

/** /topics/{name}: one topic of the topical index, its verses in the reader's translation. Public: rendered on the server; an unknown topic is a 404. */
export const Route = createFileRoute('/topics/$name')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (search: Record<string, unknown>): { translation?: string } => ({ translation: stringParam(search.translation, { max: 16, upper: true }) }),
  loaderDeps: ({ search }) => ({ translation: search.translation }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    if (params.name.length > 100) throw notFound();
    // The preferred translation lives in this browser; the server renders the default for an address without one.
    const translation = deps.translation || (typeof window === 'undefined' ? DEFAULT_TRANSLATION : preferredTranslation());
    const topic = await pageDataOr404(() => queryClient.ensureInfiniteQueryData(topicQuery(params.name, translation)));
    return { head: topicHead(topic.pages[0]!) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function Topic() {
    const { name } = Route.useParams();
    const { translation } = Route.useSearch();
    return <TopicPage name={name} translation={translation} />;
  },
});
