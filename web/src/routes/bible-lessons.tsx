import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';

export const Route = createFileRoute('/bible-lessons')({
  component: () => <ComingSoon title="Daily Lessons" text="New spiritual lessons coming soon. Check back daily for inspiring content." />,
});
