import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth.ts';

/** Who is asking: a signed-in user, or a guest whose data lives in the browser (spec §6). */
export type Viewer = { kind: 'user'; userId: string; role: 'user' | 'admin' } | { kind: 'guest' };

export type ViewerOf = (req: FastifyRequest) => Promise<Viewer>;

export function viewerResolver(auth: Auth): ViewerOf {
  return async (req) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) }).catch(() => null);
    if (!session) return { kind: 'guest' };
    const role = (session.user as { role?: string }).role === 'admin' ? 'admin' : 'user';
    return { kind: 'user', userId: session.user.id, role };
  };
}
