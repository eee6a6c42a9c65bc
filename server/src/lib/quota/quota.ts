import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { countOf, en } from '#common/text/plural.ts';
import { TooMany } from '../errors.ts';
import type { QuotaRepository } from './quota.repository.ts';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** The longest window any quota counts over: older uses count for nothing. */
const LONGEST_WINDOW_MS = DAY_MS;

/** A user's key: counted per account. */
export const userKey = (userId: string) => `user:${userId}`;

/** A client address as it is kept: hashed, so the database holds no one's address. */
export const addressKey = (address: string) => `addr:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;

/** At most `limit` uses of `key` in any `windowMs`; past it, 429 with `message(retryAfterSeconds)`. */
export interface QuotaLimit {
  key: string;
  limit: number;
  windowMs: number;
  message: (retryAfterSeconds: number) => string;
}

/**
 * A named quota counted in the database (pictures, audio, confirmation mail), so every app process that
 * shares it keeps one count, and taken atomically, so requests in flight at once cannot overrun it.
 * Keys are stored as `<name>:<key>`.
 */
export class Quota {
  private lastSweep = 0;
  /**
   * Limits found spent, and when their window's oldest use leaves it: until then they stay spent (uses
   * are only ever added within a window), so asked again they may be refused here, without the database.
   */
  private readonly spentUntil = new LRUCache<string, number>({ max: 10_000 });

  constructor(
    private readonly repository: QuotaRepository,
    readonly name: string,
    private readonly now: () => number = Date.now,
    /** This quota's longest window: its uses are swept once they are this old (a page a minute need not be kept a day). */
    private readonly keepMs: number = LONGEST_WINDOW_MS,
  ) {}

  /**
   * Throws TooMany for the first limit that is spent (in the order given); else counts one use against
   * every distinct key of `limits`. With `refuseFromMemory`, a limit this process found spent is refused
   * again without a query until it frees up: a client that keeps asking past its limit costs nothing.
   */
  async take(limits: readonly QuotaLimit[], { refuseFromMemory = false } = {}): Promise<void> {
    const now = this.now();
    const memo = (l: QuotaLimit) => `${l.key}\n${l.limit}\n${l.windowMs}`;
    for (const limit of refuseFromMemory ? limits : []) {
      const until = this.spentUntil.get(memo(limit));
      if (until !== undefined && until > now) throw new TooMany(limit.message((until - now) / 1000), (until - now) / 1000);
    }
    const stored = (key: string) => `${this.name}:${key}`;
    const checks = limits.map((l) => ({ key: stored(l.key), since: new Date(now - l.windowMs), limit: l.limit }));
    const keys = [...new Set(checks.map((c) => c.key))];
    const refused = await this.repository.take(checks, keys, new Date(now));
    if (refused) {
      const limit = limits[refused.spent]!;
      // When the window's oldest use leaves it, one more is allowed. That use may carry a moment later
      // than this take's own (another take, on this process or another, stamped after this one began
      // and counted first): the wait is never said to be longer than the window.
      const until = Math.min(refused.oldest.getTime(), now) + limit.windowMs;
      this.spentUntil.set(memo(limit), until);
      const retryAfter = (until - now) / 1000;
      throw new TooMany(limit.message(retryAfter), retryAfter);
    }
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.repository.sweep(new Date(now - LONGEST_WINDOW_MS));
      if (this.keepMs < LONGEST_WINDOW_MS) await this.repository.sweep(new Date(now - this.keepMs), this.name);
    }
  }

  /** Uses of `key` in the last `windowMs`. */
  used(key: string, windowMs: number): Promise<number> {
    return this.repository.used(`${this.name}:${key}`, new Date(this.now() - windowMs));
  }
}

/**
 * At most `limit` uses in any `windowMs` for each key given (an address's `addressKey`, an account's
 * `userKey`): a use counts against every key, and is refused with `message` when any of them is spent.
 * A Quota underneath, so every process of a site keeps one count.
 */
export class WindowLimit {
  constructor(
    private readonly quota: Quota,
    readonly limit: number,
    private readonly windowMs: number,
    private readonly message: (retryAfterSeconds: number) => string,
  ) {}

  /** The last take of each set of keys in this process, which the next one waits for. */
  private readonly queues = new Map<string, Promise<void>>();

  /**
   * One take at a time per set of keys in this process: a flood from one address waits here, not on
   * the database's lock for its key with a pooled connection each, which would starve every other
   * request of connections. The takes after a spent one are then refused from memory.
   */
  take(keys: readonly string[]): Promise<void> {
    const limits = keys.map((key) => ({ key, limit: this.limit, windowMs: this.windowMs, message: this.message }));
    const queue = keys.join('\n');
    const taken = (this.queues.get(queue) ?? Promise.resolve()).then(() => this.quota.take(limits, { refuseFromMemory: true }));
    const settled = taken.catch(() => undefined);
    this.queues.set(queue, settled);
    void settled.then(() => {
      if (this.queues.get(queue) === settled) this.queues.delete(queue);
    });
    return taken;
  }
}

/** "in 12 minutes", rounded up, never "in 0 minutes". */
export const inMinutes = (seconds: number) => `in ${countOf(Math.max(1, Math.ceil(seconds / 60)), en('minute'))}`;
