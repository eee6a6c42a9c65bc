import type { FastifyRequest } from 'fastify';
import { Unauthorized } from '../lib/errors.ts';

/** Who is asking: a signed-in user, or a guest whose data lives in the browser (spec §6). */
export type Viewer = { kind: 'user'; userId: string; role: 'user' | 'admin' } | { kind: 'guest' };
export type SignedIn = Extract<Viewer, { kind: 'user' }>;

/** How a route learns who is asking; the auth module answers it from the session (`viewerResolver`). */
export type ViewerOf = (req: FastifyRequest) => Promise<Viewer>;

/** The signed-in user, or 401 with `message` (what a guest is told this needs). */
export function requireUser(viewer: Viewer, message: string): SignedIn {
  if (viewer.kind === 'guest') throw new Unauthorized(message);
  return viewer;
}
