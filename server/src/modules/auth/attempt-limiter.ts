import { createHash } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

/**
 * Limits on top of better-auth's per-address limits, kept in the database so every app process shares
 * them. Keys are hashes, so an email of any length makes a row of fixed size.
 *
 * Sign-in counts wrong passwords per account and per account-and-address pair:
 *  - an address with MAX failures on an account waits out the window;
 *  - once the account has MAX failures from anywhere, only addresses that have not failed on it may
 *    try (one guess each), so strangers cannot lock the owner out and cannot guess quickly;
 *  - past HARD_MAX failures nobody may try until the window ends (the mailed reset link still works).
 * Mail-sending actions (sign-up, reset, verification) count every attempt per account, so nobody can
 * flood a person's inbox from many addresses.
 *
 * Nothing is written before better-auth's per-address limit has let a request through, and rows
 * idle for an hour are swept, so anonymous traffic cannot grow the table without bound.
 */
export type MailAction = 'sign-up' | 'password-reset' | 'verification-mail';

export interface Wait {
  seconds: number;
  /** The account is closed to every address for now. */
  everyone: boolean;
}

const SWEEP_AFTER_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 5 * 60 * 1000;

export class AttemptLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { max?: number; hardMax?: number; windowSeconds?: number; now?: () => number } = {},
  ) {}

  private get max() {
    return this.options.max ?? 10;
  }
  private get hardMax() {
    return this.options.hardMax ?? 100;
  }
  private get windowMs() {
    return (this.options.windowSeconds ?? 15 * 60) * 1000;
  }
  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** How long this address must wait before trying a password on this account (0: it may try now). */
  async signInWait(email: string, ip: string): Promise<Wait | null> {
    const account = accountKey('sign-in', email);
    const pair = pairKey(email, ip);
    const counts = await this.counts([account, pair]);
    const a = counts.get(account);
    const p = counts.get(pair);
    if (a && a.count >= this.hardMax) return { seconds: this.secondsLeft(a.windowStart), everyone: true };
    if (p && p.count >= this.max) return { seconds: this.secondsLeft(p.windowStart), everyone: false };
    if (a && a.count >= this.max && p) return { seconds: this.secondsLeft(a.windowStart), everyone: false };
    return null;
  }

  async signInFailed(email: string, ip: string): Promise<void> {
    await this.bump([accountKey('sign-in', email), pairKey(email, ip)]);
  }

  /** A right password: this address starts afresh on this account. */
  async signInSucceeded(email: string, ip: string): Promise<void> {
    await this.db.delete(rateLimits).where(inArray(rateLimits.key, [pairKey(email, ip)]));
  }

  async mailWait(action: MailAction, email: string): Promise<Wait | null> {
    const key = accountKey(action, email);
    const row = (await this.counts([key])).get(key);
    return row && row.count >= this.max ? { seconds: this.secondsLeft(row.windowStart), everyone: true } : null;
  }

  async mailSent(action: MailAction, email: string): Promise<void> {
    await this.bump([accountKey(action, email)]);
  }

  /** Counts within their window; rows of an ended window count as none. */
  private async counts(keys: string[]): Promise<Map<string, { count: number; windowStart: number }>> {
    const since = this.now() - this.windowMs;
    const rows = await this.db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
    return new Map(rows.filter((r) => r.lastRequest > since).map((r) => [r.key, { count: r.count, windowStart: r.lastRequest }]));
  }

  /** Adds one to each key: a new window starts when the last one has ended (`last_request` holds the window's start). */
  private async bump(keys: string[]): Promise<void> {
    const now = this.now();
    const windowStart = now - this.windowMs;
    for (const key of keys) {
      await this.db
        .insert(rateLimits)
        .values({ id: key, key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.lastRequest} <= ${windowStart} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            lastRequest: sql`CASE WHEN ${rateLimits.lastRequest} <= ${windowStart} THEN ${now} ELSE ${rateLimits.lastRequest} END`,
          },
        });
    }
    await this.sweep(now);
  }

  /** Removes rows idle for an hour: ours and better-auth's (its longest window is ten minutes). */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.delete(rateLimits).where(lt(rateLimits.lastRequest, now - SWEEP_AFTER_MS));
  }

  private secondsLeft(windowStart: number): number {
    return Math.max(1, Math.ceil((windowStart + this.windowMs - this.now()) / 1000));
  }
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest('base64url');
const normal = (email: string) => email.trim().toLowerCase();

function accountKey(action: string, email: string): string {
  return `account:${action}:${digest(normal(email))}`;
}

function pairKey(email: string, ip: string): string {
  return `pair:sign-in:${digest(`${normal(email)}\n${ip}`)}`;
}
