import type { QueryClient } from '@tanstack/react-query';
import { HeadContent, Outlet, Scripts, createRootRouteWithContext, useRouter } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { AppShell } from '../app/shell/AppShell.tsx';
import { ErrorScreen } from '../app/ErrorScreen.tsx';
import { LazyToaster } from '../components/ui/LazyToaster.tsx';
import { AudioPlayerHost } from '../features/audio/components/AudioPlayerHost.tsx';
import { NotFoundPage } from '../app/NotFoundPage.tsx';
import { headTags, notFoundHead } from '../lib/page-head.ts';
import { translationGroupsQuery } from '../features/scripture/api/scripture.ts';
import { DisplayNamePrompt } from '../features/auth/components/DisplayNamePrompt.tsx';
import { SessionEnded } from '../features/auth/components/SessionEnded.tsx';
import { SettingsSync } from '../features/settings/components/SettingsSync.tsx';
import { GuestDataMove } from '../features/guest-data/components/GuestDataMove.tsx';
import { ServiceWorkerHost } from '../features/offline/components/ServiceWorkerHost.tsx';
import { PendingChangesSync } from '../features/offline/components/PendingChangesSync.tsx';
import { fetchReadingFace, READING_FACE_SCRIPT, applyReadingFaceIfFetched } from '../lib/reading-face.ts';

const THEME = `(function(){try{var t=localStorage.getItem('theme');var d=t==='dark'||((!t||t==='system')&&matchMedia('(prefers-color-scheme: dark)').matches);if(d)document.documentElement.classList.add('dark')}catch(e){}})()`;

function Shell({ children }: { children: ReactNode }) {
  // The CSS comes inside the page (no second request before the first paint). The browser renders the
  // element empty and React leaves the server's content in place: hydration does not rewrite inner HTML.
  const { stylesheet, origin } = useRouter().options.context as { stylesheet?: string; origin: string };
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installable (issue 18): the manifest names the icons and colours a phone's home screen uses. */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <meta name="theme-color" content="#7c2d12" />
        {/* The site's address as the server knows it (PUBLIC_URL): share links and canonical links use it in the browser too. */}
        <meta name="selah-origin" content={origin} />
        <script dangerouslySetInnerHTML={{ __html: THEME }} />
        <style dangerouslySetInnerHTML={{ __html: stylesheet ?? '' }} suppressHydrationWarning />
        <script dangerouslySetInnerHTML={{ __html: READING_FACE_SCRIPT }} />
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export const Route = createRootRouteWithContext<{ queryClient: QueryClient; origin: string; stylesheet?: string }>()({
  // Each page declares its own head; the root speaks only for an address that is no page (a 404).
  head: ({ matches, match }) => (matches.some((m) => m._notFound) ? headTags(notFoundHead(), match.context.origin) : {}),
  // The translation list fills the shell's picker in the first paint, on every page.
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(translationGroupsQuery).then(
      () => undefined,
      () => undefined,
    ),
  shellComponent: Shell,
  component: function App() {
    // Marks the document once React has taken it over (the browser tests wait for it; CSS could too).
    useEffect(() => {
      document.documentElement.dataset.hydrated = 'true';
      fetchReadingFace();
    }, []);
    // A new page takes the reading face once it has been fetched (see lib/reading-face.ts).
    const router = useRouter();
    useEffect(() => router.subscribe('onBeforeRouteMount', applyReadingFaceIfFetched), [router]);
    return (
      <>
        <AppShell>
          <Outlet />
        </AppShell>
        <AudioPlayerHost />
        <LazyToaster />
        <DisplayNamePrompt />
        <SessionEnded />
        <SettingsSync />
        <GuestDataMove />
        <ServiceWorkerHost />
        <PendingChangesSync />
      </>
    );
  },
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorScreen,
});
