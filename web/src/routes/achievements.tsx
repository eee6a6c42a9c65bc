import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { MyStatsPage } from '../features/progress/pages/MyStatsPage.tsx';

/** My Stats: the person's own streak and reading (account or this browser), so the server renders only the shell. */
export const Route = createFileRoute('/achievements')({
  head: staticHead('/achievements', 'My Stats', { noindex: true }),
  ssr: false,
  component: MyStatsPage,
});
