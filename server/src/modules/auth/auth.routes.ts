import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/bible.ts';
import type { Auth } from './auth.ts';
import type { AccountLimiter } from './account-limiter.ts';

export const currentUserBody = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isCustomAuth: z.boolean(),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
});

/** Sends a Fetch Response (what better-auth answers) through Fastify, keeping every Set-Cookie. */
async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = await response.text();
  return reply.send(body || undefined);
}

function toRequest(req: FastifyRequest): Request {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
  return new Request(url, {
    method: req.method,
    headers: fromNodeHeaders(req.headers),
    body: hasBody ? JSON.stringify(req.body) : undefined,
  });
}

export function authRoutes(auth: Auth, limiter: AccountLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    // Spec §7: the current user, or 401 for a guest (the client reads that as "nobody").
    app.get('/api/auth/user', { schema: { response: { 200: currentUserBody, 401: errorBody } } }, async (req, reply) => {
      // Read through to the database: a display name saved a moment ago must show (spec §4 refetch).
      const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers), query: { disableCookieCache: true } });
      if (!session) return reply.code(401).send({ message: 'Not signed in.' });
      const u = session.user as typeof session.user & { role?: string; displayName?: string | null; firstName?: string | null };
      reply.header('cache-control', 'no-store');
      return {
        id: u.id,
        email: u.email,
        displayName: u.displayName ?? null,
        firstName: u.firstName ?? null,
        profileImageUrl: u.image ?? null,
        isCustomAuth: true,
        role: u.role === 'admin' ? ('admin' as const) : ('user' as const),
        emailVerified: u.emailVerified,
      };
    });

    // Spec §6: navigating to either address signs out and returns home.
    const logout = async (req: FastifyRequest, reply: FastifyReply) => {
      const response = await auth.api.signOut({ headers: fromNodeHeaders(req.headers), asResponse: true }).catch(() => null);
      for (const cookie of response?.headers.getSetCookie() ?? []) reply.header('set-cookie', cookie);
      return reply.redirect('/', 302);
    };
    app.get('/api/logout', logout);
    app.get('/api/auth/custom-logout', logout);

    registerBetterAuth(app as unknown as FastifyInstance, auth, limiter);
  };
}

const ACCOUNT_LIMITED = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset']);

function registerBetterAuth(app: FastifyInstance, auth: Auth, limiter: AccountLimiter): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (req, reply) => {
      const path = req.url.split('?')[0]!;
      const email = (req.body as { email?: unknown } | undefined)?.email;
      if (ACCOUNT_LIMITED.has(path) && typeof email === 'string') {
        const wait = await limiter.hit(`${path}:${email.trim().toLowerCase()}`);
        if (wait > 0) {
          return reply
            .code(429)
            .header('retry-after', String(wait))
            .send({ message: `Too many attempts for this account. Please wait ${Math.ceil(wait / 60)} minutes and try again.` });
        }
      }
      return sendResponse(reply, await auth.handler(toRequest(req)));
    },
  });
}
