import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth.ts';

/** Who is asking: a signed-in user, or a guest whose data lives in the browser (spec §6). */
export type Viewer = { kind: 'user'; userId: string; role: 'user' | 'admin' } | { kind: 'guest' };

export type ViewerOf = (req: FastifyRequest) => Promise<Viewer>;

export function viewerResolver(auth: Auth): ViewerOf {
  return async (req) => {
    // Reads may trust the 5-minute session cookie cache; writes check the database, so an account
    // deleted (or signed out) on another device cannot write with a cached session.
    const write = req.method !== 'GET' && req.method !== 'HEAD';
    const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers), query: { disableCookieCache: write } }).catch(() => null);
    if (!session) return { kind: 'guest' };
    const role = (session.user as { role?: string }).role === 'admin' ? 'admin' : 'user';
    return { kind: 'user', userId: session.user.id, role };
  };
}
