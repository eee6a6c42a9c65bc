import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/bible.ts';
import { adminSignInInput } from '#common/contracts/account.ts';
import type { Auth } from '../auth/auth.ts';
import type { ViewerOf } from '../auth/viewer.ts';
import type { AccountLimiter } from '../auth/account-limiter.ts';
import { accountLimited, toRequest } from '../auth/auth.routes.ts';

export const ADMINS_ONLY = 'This sign-in is for administrators only.';
const SIGN_IN_PATH = '/api/auth/sign-in/email';

type RoleOf = (userId: string) => Promise<'user' | 'admin' | undefined>;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

/**
 * The admin gate (spec §6). The role is read from the database on every request, not from the
 * session's 5-minute cookie cache, so granting or revoking takes effect at once.
 */
export function adminRoutes(auth: Auth, limiter: AccountLimiter, viewerOf: ViewerOf, roleOf: RoleOf): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/status', { schema: { response: { 200: z.object({ ok: z.literal(true) }), ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const viewer = await viewerOf(req);
      if (viewer.kind === 'guest') return reply.code(401).send({ message: 'Sign in as an administrator.' });
      if ((await roleOf(viewer.userId)) !== 'admin') return reply.code(403).send({ message: 'This page is for administrators only.' });
      return { ok: true as const };
    });

    // /secret-admin-login: better-auth's own sign-in (with its limits and ours), but a session is only
    // handed over to an admin; anyone else's is ended at once and no cookie reaches the browser.
    app.post('/api/admin/sign-in', { schema: { body: adminSignInInput, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } }, async (req, reply) => {
      const { email, password } = req.body;
      const limited = await accountLimited(limiter, SIGN_IN_PATH, email, reply);
      if (limited) return limited;
      const response = await auth.handler(toRequest(req, SIGN_IN_PATH, { email, password }));
      const body = (await response.json().catch(() => ({}))) as { message?: string; token?: string; user?: { id?: string } };
      if (!response.ok) {
        const retry = response.headers.get('x-retry-after');
        if (retry) reply.header('retry-after', retry);
        return reply.code(response.status).send({ message: body.message ?? 'Could not sign in. Please try again.' });
      }
      if (body.user?.id && (await roleOf(body.user.id)) === 'admin') {
        reply.header('set-cookie', response.headers.getSetCookie());
        return { ok: true as const };
      }
      if (body.token) await (await auth.$context).internalAdapter.deleteSession(body.token);
      return reply.code(403).send({ message: ADMINS_ONLY });
    });
  };
}
