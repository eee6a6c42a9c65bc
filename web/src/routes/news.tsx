import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';

export const Route = createFileRoute('/news')({
  head: staticHead('/news', 'News'),
  component: () => <ComingSoon title="News" text="News about Selah will be posted here." />,
});
