import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import { createAppRouter } from './router.tsx';
export { setServerTransport } from './lib/api-client.ts';

type Manifest = { routes: Record<string, { scripts?: { attrs?: Record<string, string> }[]; css?: string[]; preloads?: string[] }> };

/**
 * Renders one page for the server (server/src/modules/web/server-render.ts). The request's URL carries
 * the site's origin, which the server chose (never a header taken as given); `stylesheet` is the app's
 * CSS, written into the page.
 */
export function render(request: Request, manifest: Manifest, stylesheet: string): Promise<Response> {
  const origin = new URL(request.url).origin;
  const handler = createRequestHandler({ request, createRouter: () => createAppRouter({ origin, stylesheet }), getRouterManifest: () => manifest as never });
  return handler(({ request, router, responseHeaders }) =>
    renderRouterToStream({ request, router, responseHeaders, children: <RouterServer router={router} /> }),
  );
}
