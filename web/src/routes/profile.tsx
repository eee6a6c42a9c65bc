import { staticHead } from '../lib/page-head.ts';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentUserQuery } from '../features/auth/api/auth.ts';
import { ProfilePage } from '../features/profile/pages/ProfilePage.tsx';

export const Route = createFileRoute('/profile')({
  head: staticHead('/profile', 'My Profile', { noindex: true }),
  // Signed-in only, which only the browser knows: the server renders the shell and the browser the page.
  ssr: false,
  beforeLoad: async ({ context }) => {
    if (!(await context.queryClient.ensureQueryData(currentUserQuery))) throw redirect({ to: '/auth', search: { mode: 'signin', next: '/profile' } });
  },
  component: ProfilePage,
});
