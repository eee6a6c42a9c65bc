import { SESSION_ENDED } from '#common/contracts/session.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import { Unauthorized } from '../../lib/errors.ts';
import { expiredSessionCookies, hasSessionCookie, headersOf, type AuthEngine } from './better-auth.ts';

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
