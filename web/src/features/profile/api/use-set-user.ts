import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CurrentUser } from '#common/contracts/account.ts';
import { currentUserQuery } from '../../auth/api/auth.ts';

/** Every profile call answers with the user: put it where the whole app reads who is signed in. */
export function useSetUser(): (user: CurrentUser) => void {
  const queryClient = useQueryClient();
  return useCallback((user) => queryClient.setQueryData(currentUserQuery.queryKey, user), [queryClient]);
}
