import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';

export const Route = createFileRoute('/news')({
  component: () => <ComingSoon title="News" text="News about Selah will be posted here." />,
});
