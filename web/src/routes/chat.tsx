import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '#common/url-params.ts';
import { ComingSoon } from '../components/ComingSoon.tsx';

export const Route = createFileRoute('/chat')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => ({ q: stringParam(search.q, { max: 500 }) }),
  component: () => (
    <ComingSoon
      title="Bible Chat"
      text="Ask questions and get answers grounded in Scripture. The assistant is being prepared; meanwhile, search the Bible or read on."
    />
  ),
});
