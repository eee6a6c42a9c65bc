import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHydrated } from '../../../lib/hooks/use-hydrated.ts';
import type { CurrentUser } from '#common/contracts/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §7: GET /api/auth/user, no retry; a 401 means "nobody" (a guest). */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: () => apiRequest<CurrentUser | null>('GET', '/api/auth/user', undefined, { on401: 'null' }),
  retry: false,
  staleTime: 5 * 60 * 1000,
});

const post = <T>(path: string, body: unknown) => apiRequest<T>('POST', `/api/auth${path}`, body);

export const signUp = (email: string, password: string) =>
  post('/sign-up/email', { email, password, name: email.split('@')[0], callbackURL: '/verify-email?verified=1' });

export const signIn = (email: string, password: string) => post('/sign-in/email', { email, password });

export const requestPasswordReset = (email: string) => post('/request-password-reset', { email, redirectTo: '/reset-password' });

export const resetPassword = (token: string, newPassword: string) => post('/reset-password', { token, newPassword });

export const resendVerification = (email: string) => post('/send-verification-email', { email, callbackURL: '/verify-email?verified=1' });

/** Spec §6: custom-auth users log out through /api/auth/custom-logout, others through /api/logout. */
export function logoutHref(user: CurrentUser): string {
  return user.isCustomAuth ? '/api/auth/custom-logout' : '/api/logout';
}

/**
 * Who is signed in, as components read it: "not known yet" (pending) until the page has hydrated,
 * because the server renders every page for nobody in particular.
 */
export function useCurrentUser(): { data: CurrentUser | null | undefined; isPending: boolean } {
  const hydrated = useHydrated();
  const user = useQuery(currentUserQuery);
  return hydrated ? { data: user.data, isPending: user.isPending } : { data: undefined, isPending: true };
}
