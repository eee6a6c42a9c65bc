import { createFileRoute } from '@tanstack/react-router';
import { staticHead } from '../lib/page-head.ts';
import { safeReturnPath } from '../features/offline/sw-rules.ts';
import { OfflinePage } from '../features/offline/pages/OfflinePage.tsx';

/**
 * What the service worker answers, without a network, for an address this device never opened: the
 * page starts the app and opens that address from what is kept (chapters read, downloaded translations).
 */
export const Route = createFileRoute('/offline')({
  head: staticHead('/offline', 'Offline', { noindex: true }),
  validateSearch: (search: Record<string, unknown>): { to?: string } => ({ to: safeReturnPath(search.to) }),
  component: function Offline() {
    return <OfflinePage to={Route.useSearch().to} />;
  },
});
