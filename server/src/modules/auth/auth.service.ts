import type { CurrentUser } from '#common/contracts/account.ts';
import { toCurrentUser } from '../../access/current-user.ts';
import { ADMIN_PAGE_ONLY, isStaffRole } from '../../access/staff.ts';
import { AppError, Forbidden, TooMany, Unauthorized } from '../../lib/errors.ts';
import type { AttemptLimiter, MailAction, Wait } from './attempt-limiter.ts';
import { endSession, type AuthEngine } from './better-auth.ts';
import { deviceCookie, newDevice, type SignInPlace } from './sign-in-place.ts';

export const ADMINS_ONLY = 'This sign-in is for administrators only.';
export const ACCOUNT_DISABLED = 'This account is disabled. Please contact the people who run this site.';
export const NOT_SIGNED_IN = 'Not signed in.';

type RoleOf = (userId: string) => Promise<'user' | 'author' | 'admin' | undefined>;

function tooMany(wait: Wait): TooMany {
  const minutes = Math.ceil(wait.seconds / 60);
  const base = `Too many attempts for this account. Please wait ${minutes} minutes and try again.`;
  return new TooMany(wait.everyone ? `${base} You can also reset your password: we will email you a link.` : base, wait.seconds);
}

function withCookie(response: Response, cookie: string): Response {
  const headers = new Headers(response.headers);
  headers.append('set-cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Account rules around better-auth: per-account limits on sign-in and on mail, the admin-only
 * sign-in, the current user. Requests reach better-auth as Fetch requests, already checked against
 * their schemas by the routes.
 */
export class AuthService {
  constructor(
    private readonly engine: AuthEngine,
    private readonly limiter: AttemptLimiter,
    private readonly roleOf: RoleOf,
    /** Whether an admin disabled the account (it may not sign in). */
    private readonly isDisabled: (userId: string) => Promise<boolean> = async () => false,
  ) {}

  /** A request better-auth answers as it is (its own limits apply). */
  forward(request: Request): Promise<Response> {
    return this.engine.handler(request);
  }

  async signIn(request: Request, email: string, place: SignInPlace): Promise<Response> {
    const admission = await this.limiter.signInAttempt(email, place);
    if (admission.wait) throw tooMany(admission.wait);
    let response = await this.engine.handler(request);
    if (response.status === 401) await this.limiter.signInFailed(email, place, admission);
    // Refused before the password was checked (better-auth's per-address limit, an unverified email): not a guess.
    else if (!response.ok) await this.limiter.signInNotTried(email, admission);
    if (response.ok) {
      // The place is known to the account from now on; a browser without a device cookie gets one.
      const device = place.device ?? newDevice();
      await this.limiter.signInSucceeded(email, { ...place, device }, admission);
      if (!place.device) response = withCookie(response, deviceCookie(device));
      // Only someone with the right password learns that the account is disabled; its session ends at once.
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { token?: string; user?: { id?: string } };
      if (body.user?.id && (await this.isDisabled(body.user.id))) {
        if (body.token) await endSession(this.engine, body.token);
        throw new Forbidden(ACCOUNT_DISABLED);
      }
    }
    return response;
  }

  /** Sign-up, a reset link, a new verification mail: each sends a mail, so each is counted per account. */
  async mailing(action: MailAction, request: Request, email: string): Promise<Response> {
    const wait = await this.limiter.mailWait(action, email);
    if (wait) throw tooMany(wait);
    const response = await this.engine.handler(request);
    // Refused by better-auth's per-address limit: not an attempt on the account.
    if (response.status !== 429) await this.limiter.mailSent(action, email);
    return response;
  }

  /**
   * /secret-admin-login: the ordinary sign-in (with every limit), but the session is handed over only
   * to an admin or an author; anyone else's is ended at once. Returns the cookies to set.
   */
  async adminSignIn(request: Request, email: string, place: SignInPlace): Promise<string[]> {
    const response = await this.signIn(request, email, place);
    const body = (await response.json().catch(() => ({}))) as { message?: string; token?: string; user?: { id?: string } };
    if (!response.ok) {
      const retry = response.headers.get('x-retry-after');
      throw new AppError(response.status, body.message ?? 'Could not sign in. Please try again.', retry ? { 'retry-after': retry } : {});
    }
    if (body.user?.id && isStaffRole(await this.roleOf(body.user.id))) return response.headers.getSetCookie();
    if (body.token) await endSession(this.engine, body.token);
    throw new Forbidden(ADMINS_ONLY);
  }

  /** Spec §7 GET /api/auth/user: read from the database, so a name saved a moment ago shows. */
  async currentUser(headers: Headers): Promise<CurrentUser> {
    const session = await this.engine.api.getSession({ headers });
    if (!session) throw new Unauthorized(NOT_SIGNED_IN);
    return toCurrentUser(session.user);
  }

  /** Ends the session of these headers; the cookies that clear it in the browser. */
  async signOut(headers: Headers): Promise<string[]> {
    const response = await this.engine.api.signOut({ headers, asResponse: true }).catch(() => null);
    return response?.headers.getSetCookie() ?? [];
  }

  /**
   * The admin panel's gate (admins and authors; each admin API checks its own role too): the role is
   * read from the database on every call, so a grant or revoke shows at once.
   */
  async requireStaff(userId: string): Promise<void> {
    if (!isStaffRole(await this.roleOf(userId))) throw new Forbidden(ADMIN_PAGE_ONLY);
  }
}
