import { USERS_PAGE_SIZE, type AdminOverview, type AdminUser, type Diagnostics, type EngineTest, type UsersPage } from '#common/contracts/admin.ts';
import type { EngineChecks } from './engine-checks.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { AuditLog } from '../../access/audit-log.ts';
import type { Staff } from '../../access/staff.ts';
import { addDays, dayIn } from '#common/progress/days.ts';
import type { AdminRepository } from './admin.repository.ts';

/** The dashboard's figures: accounts, readers active in the last 7 days (UTC), and what the site holds. */
/** What the site runs on, as the dashboard and /test-auth name it (names only: no keys, no addresses with passwords). */
export interface SiteFacts {
  publicUrl?: string;
  trustProxy: boolean;
  engines: Diagnostics['engines'];
  /** A small real task for each engine (the dashboard's Test buttons). */
  checks: EngineChecks;
  /** Bytes of generated media, where they can be counted (a local folder; not a bucket). */
  mediaBytes: () => Promise<number | null>;
  /** Removes what an account leaves outside the database (its shares' picture files) before it is deleted. */
  beforeDeleteUser: (userId: string) => Promise<void>;
}

/** How long a Test may take before it counts as failed (a model or service that hangs). */
const CHECK_TIMEOUT_MS = 60_000;
/** Counting media walks a folder: once every few minutes is enough for a dashboard. */
const STORAGE_EVERY_MS = 5 * 60_000;

const NO_ACCOUNT = 'There is no such account.';

export class AdminService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly site: SiteFacts,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** /test-auth: this sign-in as the server sees it. Cookie names only, never their values. */
  diagnostics(staff: Staff, request: { protocol: string; host: string; ip: string; cookieHeader?: string }): Diagnostics {
    const names = (request.cookieHeader ?? '')
      .split(';')
      .map((c) => c.split('=')[0]!.trim())
      .filter(Boolean);
    return {
      you: { email: staff.email, role: staff.role },
      cookies: { names, secure: this.site.publicUrl?.startsWith('https://') ?? false, sameSite: 'Lax', httpOnly: true },
      request: { protocol: request.protocol, host: request.host, clientAddress: request.ip, trustProxy: this.site.trustProxy },
      site: { publicUrl: this.site.publicUrl ?? null, roleCheck: 'read from the database on every admin request' },
      engines: this.site.engines,
    };
  }

  private storage?: { at: number; value: Promise<AdminOverview['storage']> };

  async overview(): Promise<AdminOverview> {
    const now = this.now();
    if (!this.storage || now.getTime() - this.storage.at > STORAGE_EVERY_MS) {
      this.storage = {
        at: now.getTime(),
        value: Promise.all([this.repository.databaseBytes(), this.site.mediaBytes()]).then(([database, media]) => ({ database, media })),
      };
    }
    const [figures, storage] = await Promise.all([this.repository.overview(addDays(dayIn(now, 'UTC'), -6)), this.storage.value]);
    return { ...figures, storage };
  }

  /** Runs one small real task on the engine in use and says how it went (an admin's Test button). */
  async testEngine(staff: Staff, engine: EngineTest['engine']): Promise<EngineTest> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
    });
    let result: EngineTest;
    try {
      const detail = await Promise.race([this.site.checks[engine](), timeout]);
      result = { engine, ok: true, ms: Math.round(performance.now() - started), detail };
    } catch (error) {
      result = { engine, ok: false, ms: Math.round(performance.now() - started), detail: (error as Error).message.slice(0, 300) };
    } finally {
      clearTimeout(timer);
    }
    await this.audit.record(staff, 'engine.test', `engine ${engine}`, result.ok ? 'ok' : 'failed');
    return result;
  }

  // --- Accounts -----------------------------------------------------------------------------------

  async users(q: string, page: number): Promise<UsersPage> {
    const { rows, total } = await this.repository.users(q, USERS_PAGE_SIZE, (page - 1) * USERS_PAGE_SIZE);
    const users: AdminUser[] = rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.displayName || r.name,
      role: r.role === 'admin' || r.role === 'author' ? r.role : 'user',
      disabled: r.disabledAt !== null,
      createdAt: r.createdAt.toISOString(),
    }));
    return { users, page, pageCount: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)), total };
  }

  /** A new role, or disabled / enabled. Nobody changes their own account here (no admin can lock themselves out). */
  async changeUser(staff: Staff, userId: string, change: { role?: AdminUser['role']; disabled?: boolean }): Promise<void> {
    if (userId === staff.userId) throw new Invalid('You cannot change your own account here.');
    if (change.role === undefined && change.disabled === undefined) throw new Invalid('Nothing to change.');
    if (change.role !== undefined) {
      if (!(await this.repository.setRole(userId, change.role))) throw new NotFound(NO_ACCOUNT);
      await this.audit.record(staff, 'user.role', `user ${userId}`, change.role);
    }
    if (change.disabled !== undefined) {
      if (!(await this.repository.setDisabled(userId, change.disabled ? this.now() : null))) throw new NotFound(NO_ACCOUNT);
      await this.audit.record(staff, change.disabled ? 'user.disable' : 'user.enable', `user ${userId}`);
    }
  }

  async deleteUser(staff: Staff, userId: string): Promise<void> {
    if (userId === staff.userId) throw new Invalid('You cannot delete your own account here. Use Settings.');
    await this.site.beforeDeleteUser(userId);
    const email = await this.repository.deleteUser(userId);
    if (!email) throw new NotFound(NO_ACCOUNT);
    await this.audit.record(staff, 'user.delete', `user ${userId}`, email);
  }
}
