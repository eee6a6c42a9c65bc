import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import {
  adminSignInInput,
  callbackQuery,
  changePasswordInput,
  currentUser,
  deleteAccountInput,
  passwordReset,
  passwordResetRequest,
  resetLinkParams,
  signInInput,
  signUpInput,
  verificationMailInput,
  verifyEmailQuery,
} from '#common/contracts/account.ts';
import { headersOf, toRequest } from './better-auth.ts';
import { signInPlace } from './sign-in-place.ts';
import { requireUser, type ViewerOf } from '../../access/viewer.ts';
import type { AuthService } from './auth.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };
const ok = z.object({ ok: z.literal(true) });

/** Sends a Fetch Response (what better-auth answers) through Fastify, keeping every Set-Cookie. */
async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = await response.text();
  // Every refusal says why in `{ message }`, as the rest of the API does.
  if (response.status >= 400 && !body) return reply.type('application/json').send({ message: 'The request could not be completed.' });
  return reply.send(body || undefined);
}

/** The request, as better-auth reads it, at its own path with the checked body (unknown fields dropped). */
const forwarded = (req: FastifyRequest) => toRequest(req, req.url, req.body);

/**
 * The account routes: better-auth's, each listed with its schema (any other /api/auth path is 404),
 * plus the spec's GET /api/auth/user, the logout links and the admin sign-in.
 */
export function authRoutes(auth: AuthService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    // Spec §7: the current user, or 401 for a guest (the client reads that as "nobody").
    app.get('/api/auth/user', { schema: { response: { 200: currentUser, 401: errorBody } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.currentUser(headersOf(req));
    });

    // Spec §6: navigating to either address signs out and returns home.
    const logout = async (req: FastifyRequest, reply: FastifyReply) => {
      const cookies = await auth.signOut(headersOf(req));
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.redirect('/', 302);
    };
    app.get('/api/logout', logout);
    app.get('/api/auth/custom-logout', logout);

    app.post('/api/auth/sign-up/email', { schema: { body: signUpInput } }, async (req, reply) => {
      const body = { ...req.body, name: req.body.name || req.body.email.split('@')[0] };
      return sendResponse(reply, await auth.mailing('sign-up', toRequest(req, req.url, body), req.body.email));
    });
    app.post('/api/auth/sign-in/email', { schema: { body: signInInput } }, async (req, reply) =>
      sendResponse(reply, await auth.signIn(forwarded(req), req.body.email, signInPlace(req))),
    );
    app.post('/api/auth/sign-out', async (req, reply) => sendResponse(reply, await auth.forward(toRequest(req, req.url, {}))));

    app.post('/api/auth/request-password-reset', { schema: { body: passwordResetRequest } }, async (req, reply) =>
      sendResponse(reply, await auth.mailing('password-reset', forwarded(req), req.body.email)),
    );
    // The mailed link: better-auth checks the token and sends the browser on to /reset-password.
    app.get('/api/auth/reset-password/:token', { schema: { params: resetLinkParams, querystring: callbackQuery } }, async (req, reply) =>
      sendResponse(reply, await auth.forward(forwarded(req))),
    );
    app.post('/api/auth/reset-password', { schema: { body: passwordReset } }, async (req, reply) => sendResponse(reply, await auth.forward(forwarded(req))));

    app.get('/api/auth/verify-email', { schema: { querystring: verifyEmailQuery } }, async (req, reply) =>
      sendResponse(reply, await auth.forward(forwarded(req))),
    );
    app.post('/api/auth/send-verification-email', { schema: { body: verificationMailInput } }, async (req, reply) =>
      sendResponse(reply, await auth.mailing('verification-mail', forwarded(req), req.body.email)),
    );

    app.post('/api/auth/change-password', { schema: { body: changePasswordInput } }, async (req, reply) => {
      requireUser(await viewerOf(req), 'Sign in to change your password.');
      return sendResponse(reply, await auth.forward(forwarded(req)));
    });
    // better-auth would delete a fresh session's account without a password: the schema asks for it.
    app.post('/api/auth/delete-user', { schema: { body: deleteAccountInput } }, async (req, reply) => {
      requireUser(await viewerOf(req), 'Sign in to delete your account.');
      return sendResponse(reply, await auth.forward(forwarded(req)));
    });

    app.get('/api/admin/status', { schema: { response: { 200: ok, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      await auth.requireStaff(requireUser(await viewerOf(req), 'Sign in as an administrator.').userId);
      return { ok: true as const };
    });
    // /secret-admin-login: a session cookie reaches the browser only for an admin.
    app.post('/api/admin/sign-in', { schema: { body: adminSignInInput, response: { 200: ok, ...errors } } }, async (req, reply) => {
      const { email, password } = req.body;
      const cookies = await auth.adminSignIn(toRequest(req, '/api/auth/sign-in/email', { email, password }), email, signInPlace(req));
      reply.header('set-cookie', cookies);
      return { ok: true as const };
    });
  };
}
