import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import { createAppRouter } from './router.tsx';
export { setServerTransport } from './lib/api-client.ts';

type Manifest = { routes: Record<string, { scripts?: { attrs?: Record<string, string> }[]; css?: string[]; preloads?: string[] }> };

export function render(request: Request, manifest: Manifest): Promise<Response> {
  const handler = createRequestHandler({ request, createRouter: createAppRouter, getRouterManifest: () => manifest as never });
  return handler(({ request, router, responseHeaders }) =>
    renderRouterToStream({ request, router, responseHeaders, children: <RouterServer router={router} /> }),
  );
}
