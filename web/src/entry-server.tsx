import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import { createAppRouter } from './router.tsx';
import { setServerTransport } from './lib/api-client.ts';

/** How a page's reads reach the app that renders it (no network, no cookies). */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;

/**
 * The app whose page is being rendered, for the reads of that render: this module is loaded once per
 * process, and a process may run several apps (the API tests start a second "process" beside the first),
 * each of which must read from itself, not from whichever loaded last.
 */
const renderingFor = new AsyncLocalStorage<Transport>();
setServerTransport((path, init) => {
  const send = renderingFor.getStore();
  if (!send) return Promise.reject(new Error(`${path} was read outside a page's render`));
  return send(path, init);
});

type Manifest = { routes: Record<string, { scripts?: { attrs?: Record<string, string> }[]; css?: string[]; preloads?: string[] }> };

/**
 * Renders one page for the server (server/src/modules/web/server-render.ts), its reads sent by `send`.
 * The request's URL carries the site's origin, which the server chose (never a header taken as given);
 * `stylesheet` is the app's CSS, written into the page. The page is read whole inside the render's
 * scope, since parts streamed late read data too.
 */
export function render(request: Request, manifest: Manifest, stylesheet: string, send: Transport): Promise<Response> {
  return renderingFor.run(send, async () => {
    const origin = new URL(request.url).origin;
    const handler = createRequestHandler({ request, createRouter: () => createAppRouter({ origin, stylesheet }), getRouterManifest: () => manifest as never });
    const response = await handler(({ request, router, responseHeaders }) =>
      renderRouterToStream({ request, router, responseHeaders, children: <RouterServer router={router} /> }),
    );
    return new Response(await response.text(), { status: response.status, headers: response.headers });
  });
}
