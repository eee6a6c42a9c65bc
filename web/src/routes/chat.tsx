import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '#common/url-params.ts';
import { ChatPage } from '../features/chat/pages/ChatPage.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const Route = createFileRoute('/chat')({
  head: staticHead('/chat', 'Bible Chat'),
  // q: a question to ask once (spec §2); c: a kept conversation to open.
  validateSearch: (search: Record<string, unknown>): { q?: string; c?: string } => {
    const c = stringParam(search.c, { max: 36 });
    return { q: stringParam(search.q, { max: 500 }), c: c && UUID.test(c) ? c : undefined };
  },
  component: function Chat() {
    const { q, c } = Route.useSearch();
    return <ChatPage q={q} c={c} />;
  },
});
