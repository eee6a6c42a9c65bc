import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { createQueryClient } from './app/query-client.ts';
import { routeTree } from './routeTree.gen.ts';

/**
 * One router (and one query cache) per page: the server makes one for each request it renders, the
 * browser one for its page. `origin` is the site's address, for canonical links and social previews;
 * `stylesheet` the app's CSS, which the server writes into the page (the browser keeps what it got).
 */
export function createAppRouter({ origin, stylesheet }: { origin: string; stylesheet?: string }) {
  const queryClient = createQueryClient();
  const router = createRouter({
    routeTree,
    context: { queryClient, origin, stylesheet },
    defaultPreload: 'intent',
    // A preloaded chapter stays usable for as long as the query cache keeps it fresh.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
  // Queries fetched on the server travel in the page and fill the browser's cache before hydration.
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
