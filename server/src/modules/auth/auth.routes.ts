import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/bible.ts';
import { currentUser } from '#common/contracts/account.ts';
import { toCurrentUser } from './current-user.ts';
import type { Auth } from './auth.ts';
import type { AccountLimiter } from './account-limiter.ts';

/** Sends a Fetch Response (what better-auth answers) through Fastify, keeping every Set-Cookie. */
export async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = await response.text();
  return reply.send(body || undefined);
}

/** The request as better-auth reads it; `path` and `body` let another route call one of its endpoints. */
export function toRequest(req: FastifyRequest, path = req.url, body: unknown = req.body): Request {
  const url = new URL(path, `${req.protocol}://${req.host}`);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body !== undefined;
  const headers = fromNodeHeaders(req.headers);
  headers.delete('content-length');
  // better-auth's per-address limits read this header: give it the address Fastify worked out (the
  // socket's, or the proxy's X-Forwarded-For when TRUST_PROXY=on), never what the client claims.
  headers.delete('x-real-ip');
  headers.set('x-forwarded-for', req.ip);
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(body) : undefined });
}

export function authRoutes(auth: Auth, limiter: AccountLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    // Spec §7: the current user, or 401 for a guest (the client reads that as "nobody").
    app.get('/api/auth/user', { schema: { response: { 200: currentUser, 401: errorBody } } }, async (req, reply) => {
      // Read through to the database: a display name saved a moment ago must show (spec §4 refetch).
      const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers), query: { disableCookieCache: true } });
      if (!session) return reply.code(401).send({ message: 'Not signed in.' });
      reply.header('cache-control', 'no-store');
      return toCurrentUser(session.user);
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

export const ACCOUNT_LIMITED = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset']);

/** A 429 reply naming the wait, or nothing when this account may try again (per email and action). */
export async function accountLimited(limiter: AccountLimiter, path: string, email: unknown, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (typeof email !== 'string') return undefined;
  const wait = await limiter.hit(`${path}:${email.trim().toLowerCase()}`);
  if (wait <= 0) return undefined;
  return reply
    .code(429)
    .header('retry-after', String(wait))
    .send({ message: `Too many attempts for this account. Please wait ${Math.ceil(wait / 60)} minutes and try again.` });
}

function registerBetterAuth(app: FastifyInstance, auth: Auth, limiter: AccountLimiter): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (req, reply) => {
      const path = req.url.split('?')[0]!;
      const body = req.body as { email?: unknown; password?: unknown } | undefined;
      // Names, first name and picture change through PATCH /api/profile, where our rules apply.
      if (path === '/api/auth/update-user') return reply.code(404).send({ message: 'Change your profile through /api/profile.' });
      // better-auth would delete a fresh session's account without a password: we always ask for it.
      if (path === '/api/auth/delete-user' && (typeof body?.password !== 'string' || !body.password)) {
        return reply.code(400).send({ message: 'Enter your password to delete your account.' });
      }
      if (ACCOUNT_LIMITED.has(path)) {
        const limited = await accountLimited(limiter, path, body?.email, reply);
        if (limited) return limited;
      }
      return sendResponse(reply, await auth.handler(toRequest(req)));
    },
  });
}
