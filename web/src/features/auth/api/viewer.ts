import { useCurrentUser } from './auth.ts';

/** Whose lists a page shows: the account's (server) or a guest's (this browser, spec §6). */
export type Viewer = 'loading' | 'guest' | 'user';

export function useViewer(): Viewer {
  const user = useCurrentUser();
  if (user.isPending) return 'loading';
  // A failed user read is treated as a guest, as everywhere else (spec §6: signed in = a user came back).
  return user.data ? 'user' : 'guest';
}
