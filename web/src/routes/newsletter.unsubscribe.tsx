import { createFileRoute } from '@tanstack/react-router';
import { staticHead } from '../lib/page-head.ts';
import { NewsletterLinkPage } from '../features/newsletter/pages/NewsletterLinkPage.tsx';

/** The unsubscribe link in the newsletter's mail (the key stays out of search engines and of the canonical address). */
export const Route = createFileRoute('/newsletter/unsubscribe')({
  head: staticHead('/newsletter/unsubscribe', 'Unsubscribe', { noindex: true }),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' && /^[\w-]{16,100}$/.test(search.token) ? search.token : undefined,
  }),
  component: function NewsletterLink() {
    const { token } = Route.useSearch();
    return <NewsletterLinkPage action="unsubscribe" token={token} />;
  },
});
