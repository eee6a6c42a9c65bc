import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '#common/url-params.ts';
import { ChatPage } from '../features/chat/pages/ChatPage.tsx';

export const Route = createFileRoute('/chat')({
  validateSearch: (search: Record<string, unknown>): { q?: string } => ({ q: stringParam(search.q, { max: 500 }) }),
  component: function Chat() {
    return <ChatPage q={Route.useSearch().q} />;
  },
});
