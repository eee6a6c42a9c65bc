import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentUserQuery } from '../features/auth/api/auth.ts';
import { ProfilePage } from '../features/profile/pages/ProfilePage.tsx';

export const Route = createFileRoute('/profile')({
  // Signed-in only: a guest is sent to sign in.
  beforeLoad: async ({ context }) => {
    if (!(await context.queryClient.ensureQueryData(currentUserQuery))) throw redirect({ to: '/auth', search: { mode: 'signin', next: '/profile' } });
  },
  component: ProfilePage,
});
