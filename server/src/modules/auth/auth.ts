import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';

export interface AuthOptions {
  db: Db;
  mailer: Mailer;
  secret: string;
  /** The site's public address; without it the address is taken from each request. */
  publicUrl?: string;
}

/** Same-origin requests only: the page's own host, and the configured public address. */
export function sameOriginOrigins(publicUrl: string | undefined, request?: Request): string[] {
  const origins: string[] = publicUrl ? [publicUrl] : [];
  const host = request?.headers.get('host');
  if (host) {
    const proto = request?.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
    origins.push(`${proto}://${host}`);
  }
  return origins;
}

/**
 * better-auth: email + password with verification and reset by mail, database sessions (cached in a
 * signed cookie for 5 minutes), rate limits in the database so every app process shares them.
 */
export function createAuth({ db, mailer, secret, publicUrl }: AuthOptions) {
  return betterAuth({
    appName: 'Selah',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.users, session: schema.sessions, account: schema.accounts, verification: schema.verifications, rateLimit: schema.rateLimits },
    }),
    trustedOrigins: (request) => sameOriginOrigins(publicUrl, request),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        displayName: { type: 'string', required: false, input: false },
        firstName: { type: 'string', required: false, input: true },
      },
      deleteUser: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
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
      cookieCache: { enabled: true, maxAge: 5 * 60 },
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
      useSecureCookies: publicUrl?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] }, // set from req.ip in auth.routes.ts
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
