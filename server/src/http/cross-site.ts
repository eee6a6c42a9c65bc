import type { FastifyReply, FastifyRequest } from 'fastify';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing API requests that a browser sends from another site (its Origin names a
 * different host). Requests without an Origin (curl, server-to-server) carry no ambient cookies from
 * a victim's browser, and session cookies are SameSite=Lax besides. better-auth checks its own routes.
 */
export function refuseCrossSiteWrites(publicUrl: string | undefined) {
  const allowed = publicUrl ? new URL(publicUrl).host : undefined;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!WRITES.has(req.method) || !req.url.startsWith('/api/') || req.url.startsWith('/api/auth/')) return;
    const origin = req.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      host = '';
    }
    if (host !== req.host && host !== allowed) return reply.code(403).send({ message: 'Cross-site request refused.' });
  };
}
