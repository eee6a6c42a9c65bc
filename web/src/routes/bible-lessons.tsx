import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';

export const Route = createFileRoute('/bible-lessons')({
  head: staticHead('/bible-lessons', 'Daily Lessons'),
  component: () => <ComingSoon title="Daily Lessons" text="New spiritual lessons coming soon. Check back daily for inspiring content." />,
});
