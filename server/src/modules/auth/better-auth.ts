import { betterAuth } from 'better-auth';
import { getSessionCookie } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { AuthStore } from './auth-store.repository.ts';

/**
 * Everything that knows better-auth: its configuration, and the bridge between Fastify requests and
 * the Fetch requests it reads. The rest of the app sees `AuthEngine`, not better-auth.
 */
export interface AuthOptions {
  /** Its tables (auth-store.repository.ts). */
  store: AuthStore;
  mailer: Mailer;
  secret: string;
  /** The site's public address; without it links use the request's host, which is an allowed one. */
  publicUrl?: string;
  /** The host names the server answers to (grows when the listening port is known). */
  allowedHosts: string[];
  /** Told of each completed password reset (the account's sign-in limits start afresh). */
  passwordReset?: (email: string) => Promise<void>;
  /** Runs before an account deletes itself: what the database's cascades cannot remove (files). */
  beforeDeleteUser?: (userId: string) => Promise<void>;
}

export function createAuth({ store, mailer, secret, publicUrl, allowedHosts, passwordReset, beforeDeleteUser }: AuthOptions) {
  return betterAuth({
    appName: 'Selah',
    // A request's host has passed the allow-list before it gets here; better-auth checks it again.
    baseURL: publicUrl ?? { allowedHosts, protocol: 'auto' },
    basePath: '/api/auth',
    secret,
    telemetry: { enabled: false },
    database: store,
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        displayName: { type: 'string', required: false, input: false },
        firstName: { type: 'string', required: false, input: false },
      },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          await beforeDeleteUser?.(user.id);
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      onPasswordReset: async ({ user }) => {
        await passwordReset?.(user.email);
      },
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Selah password',
          text: `Someone asked to reset the password of your Selah account. To choose a new password, open this link within an hour:\n\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Confirm your email for Selah',
          text: `Welcome to Selah. To confirm your email address and finish creating your account, open this link:\n\n${url}\n\nIf you did not sign up, ignore this message.`,
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No signed-cookie cache: a session ended on one device (sign out everywhere, a new password,
      // a deleted account) must stop working at once on every other device and every app process.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60 * 10, max: 5 },
        '/request-password-reset': { window: 60 * 10, max: 5 },
        '/send-verification-email': { window: 60 * 10, max: 5 },
        // Both check the current password: no guessing it from a session left open.
        '/change-password': { window: 60 * 10, max: 10 },
        '/delete-user': { window: 60 * 10, max: 10 },
      },
    },
    advanced: {
      // Over https behind a proxy without PUBLIC_URL, http/security-headers.ts adds Secure per request.
      useSecureCookies: publicUrl?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] }, // set from req.ip in toRequest
    },
  });
}

export type AuthEngine = ReturnType<typeof createAuth>;

/** The Fetch request better-auth reads; `path` and `body` let a route call one of its endpoints. */
export function toRequest(req: FastifyRequest, path: string, body?: unknown): Request {
  const url = new URL(path, `${req.protocol}://${req.host}`);
  const headers = headersOf(req);
  headers.delete('content-length');
  // better-auth's per-address limits read this header: give it the address Fastify worked out (the
  // socket's, or the one the trusted proxies put in X-Forwarded-For), never what the client claims.
  headers.delete('x-real-ip');
  headers.set('x-forwarded-for', req.ip);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(body ?? {}) : undefined });
}

/** A request's headers as better-auth's own calls read them. */
export function headersOf(req: FastifyRequest): Headers {
  return fromNodeHeaders(req.headers);
}

/** Whether the request carries a session cookie at all (valid or not). */
export function hasSessionCookie(req: FastifyRequest): boolean {
  return getSessionCookie(headersOf(req)) !== null;
}

/** Set-Cookie values that remove the session cookies from the browser. */
export async function expiredSessionCookies(auth: AuthEngine): Promise<string[]> {
  const { authCookies } = await auth.$context;
  return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map(
    ({ name, attributes }) => `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`,
  );
}

/** Ends one session by its token (an admin sign-in by someone who is not an admin). */
export async function endSession(auth: AuthEngine, token: string): Promise<void> {
  await (await auth.$context).internalAdapter.deleteSession(token);
}
