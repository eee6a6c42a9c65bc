import { createFileRoute, notFound } from '@tanstack/react-router';
import { headTags } from '../lib/page-head.ts';
import { lessonHead } from '../features/lessons/api/lesson-pages.ts';
import { lessonQuery } from '../features/lessons/api/lessons.ts';
import { pageDataOr404 } from '../lib/route-helpers/page-data.ts';
import { LessonPage } from '../features/lessons/pages/LessonPage.tsx';

/** Spec §2 /bible-lessons/{slug}: a published lesson. Public: rendered on the server; an unknown slug is a 404. */
export const Route = createFileRoute('/bible-lessons/$slug')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    // No slug is longer (the API would refuse it anyway).
    if (params.slug.length > 80) throw notFound();
    const lesson = await pageDataOr404(() => queryClient.ensureQueryData(lessonQuery(params.slug)));
    return { head: lessonHead(lesson) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function Lesson() {
    const { slug } = Route.useParams();
    return <LessonPage slug={slug} />;
  },
});
