import { createFileRoute } from '@tanstack/react-router';
import { headTags, homeHead } from '../lib/page-head.ts';
import { FALLBACK_VERSE, homepageQuery } from '../features/home/api/homepage.ts';
import { HomePage } from '../features/home/pages/HomePage.tsx';
import { chapterQuery } from '../features/scripture/api/scripture.ts';
import { latestLessonsQuery } from '../features/lessons/api/lessons.ts';

export const Route = createFileRoute('/')({
  head: ({ match }) => headTags(homeHead(), match.context.origin),
  // The verse of the day is in the first paint (the fallback verse when there is none), and so are the latest lessons.
  loader: async ({ context: { queryClient } }) => {
    const [home] = await Promise.all([
      queryClient.ensureQueryData(homepageQuery).catch(() => undefined),
      queryClient.ensureQueryData(latestLessonsQuery).catch(() => undefined),
    ]);
    if (!home?.verse)
      await queryClient.ensureQueryData(chapterQuery(FALLBACK_VERSE.translation, FALLBACK_VERSE.book, FALLBACK_VERSE.chapter)).catch(() => undefined);
  },
  component: HomePage,
});
