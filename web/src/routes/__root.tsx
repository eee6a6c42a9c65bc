import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AppShell } from '../app/shell/AppShell.tsx';
import { ErrorScreen } from '../app/ErrorScreen.tsx';
import { Toaster } from '../components/ui/Toaster.tsx';
import { NotFoundPage } from '../app/NotFoundPage.tsx';
import { DisplayNamePrompt } from '../features/auth/components/DisplayNamePrompt.tsx';
import { SessionEnded } from '../features/auth/components/SessionEnded.tsx';
import { SettingsSync } from '../features/settings/components/SettingsSync.tsx';
import { GuestDataMove } from '../features/settings/components/GuestDataMove.tsx';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <>
      <AppShell>
        <Outlet />
      </AppShell>
      <Toaster />
      <DisplayNamePrompt />
      <SessionEnded />
      <SettingsSync />
      <GuestDataMove />
    </>
  ),
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorScreen,
});
