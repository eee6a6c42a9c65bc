import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export type AdminAccess = 'admin' | 'signed-out' | 'not-admin';

/** GET /api/admin/status: the server decides who is an admin (the page only shows what it says). */
export const adminAccessQuery = queryOptions({
  queryKey: ['admin', 'status'],
  queryFn: async (): Promise<AdminAccess> => {
    try {
      await apiRequest('GET', '/api/admin/status');
      return 'admin';
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return 'signed-out';
      if (error instanceof ApiError && error.status === 403) return 'not-admin';
      throw error;
    }
  },
  retry: false,
  // Never answer from an old reply: a stale 'signed-out' after an admin signs in would send the
  // person back to the sign-in page, which sends an admin on to /admin, and round again.
  staleTime: 0,
  gcTime: 0,
});

/** POST /api/admin/sign-in: a session only for an admin; anyone else is refused and stays signed out. */
export const adminSignIn = (email: string, password: string) => apiRequest('POST', '/api/admin/sign-in', { email, password });
