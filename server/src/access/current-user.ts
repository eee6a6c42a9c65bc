import type { CurrentUser } from '#common/contracts/account.ts';

/** The user row's fields the reply needs (better-auth's session user and our own row both have them). */
export interface UserFields {
  id: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  role?: string | null;
  displayName?: string | null;
  firstName?: string | null;
}

/** Spec §3 User from a user row: one shape for GET /api/auth/user and every profile change. */
export function toCurrentUser(u: UserFields): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    displayName: u.displayName ?? null,
    firstName: u.firstName ?? null,
    profileImageUrl: u.image ?? null,
    isCustomAuth: true,
    role: u.role === 'admin' || u.role === 'author' ? u.role : 'user',
    emailVerified: u.emailVerified,
  };
}
