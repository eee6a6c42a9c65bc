import { createFileRoute } from '@tanstack/react-router';
import { intParam } from '#common/url-params.ts';
import { headTags } from '../lib/page-head.ts';
import { lessonsListHead } from '../features/lessons/api/lesson-pages.ts';
import { lessonsPageQuery } from '../features/lessons/api/lessons.ts';
import { LessonsPage } from '../features/lessons/pages/LessonsPage.tsx';

/** Spec §2 /bible-lessons: the published lessons, a page at a time (`?page=N`). Public: rendered on the server. */
export const Route = createFileRoute('/bible-lessons/')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (search: Record<string, unknown>): { page?: number } => ({ page: intParam(search.page, 1, 10_000) }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context: { queryClient }, deps }) => {
    const data = await queryClient.ensureQueryData(lessonsPageQuery(deps.page));
    return { head: lessonsListHead(data, deps.page) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function Lessons() {
    const { page } = Route.useSearch();
    return <LessonsPage page={page ?? 1} />;
  },
});
