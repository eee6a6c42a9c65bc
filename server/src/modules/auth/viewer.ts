import type { FastifyRequest } from 'fastify';
import { SESSION_ENDED } from '#common/contracts/session.ts';
import { Unauthorized } from '../../lib/errors.ts';
import { expiredSessionCookies, hasSessionCookie, headersOf, type AuthEngine } from './better-auth.ts';

/** Who is asking: a signed-in user, or a guest whose data lives in the browser (spec §6). */
export type Viewer = { kind: 'user'; userId: string; role: 'user' | 'admin' } | { kind: 'guest' };
export type SignedIn = Extract<Viewer, { kind: 'user' }>;

export type ViewerOf = (req: FastifyRequest) => Promise<Viewer>;

/**
 * Reads the session from the database on every call. A request that still carries a session cookie
 * whose session has ended (signed out elsewhere, password changed, account deleted, expired) is not
 * quietly treated as a guest's: it gets 401 SESSION_ENDED, and the stale cookie is cleared, so the
 * client can ask the person to sign in again instead of keeping their work in the browser.
 */
export function viewerResolver(auth: AuthEngine): ViewerOf {
  return async (req) => {
    const session = await auth.api.getSession({ headers: headersOf(req) });
    if (session) {
      const role = (session.user as { role?: string }).role === 'admin' ? 'admin' : 'user';
      return { kind: 'user', userId: session.user.id, role };
    }
    if (hasSessionCookie(req)) throw new Unauthorized(SESSION_ENDED, { 'set-cookie': await expiredSessionCookies(auth) });
    return { kind: 'guest' };
  };
}

/** The signed-in user, or 401 with `message` (what a guest is told this needs). */
export function requireUser(viewer: Viewer, message: string): SignedIn {
  if (viewer.kind === 'guest') throw new Unauthorized(message);
  return viewer;
}
