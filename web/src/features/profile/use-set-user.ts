import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentUserQuery, type CurrentUser } from '../auth/auth-api.ts';

/** Every profile call answers with the user: put it where the whole app reads who is signed in. */
export function useSetUser(): (user: CurrentUser) => void {
  const queryClient = useQueryClient();
  return useCallback((user) => queryClient.setQueryData(currentUserQuery.queryKey, user), [queryClient]);
}
