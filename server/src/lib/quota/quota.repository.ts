import { createHash } from 'node:crypto';
import { and, count, eq, gt, gte, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quotaUses } from '../../db/schema.ts';

/** One count to check before a use is taken: no more than `limit` uses of `key` since `since`. */
export interface QuotaCheck {
  key: string;
  since: Date;
  limit: number;
}

/** A key's advisory lock: 64 bits of its hash, as text (PostgreSQL reads it as a bigint). */
const lockOf = (key: string) => createHash('sha256').update(`quota:${key}`).digest().readBigInt64BE(0);

/**
 * The quota table's SQL. A take is one transaction holding an advisory lock for each key it counts, so
 * two processes (or two requests in one) taking the same key at once are counted one after the other:
 * the second sees the first's row, and a cap is never overrun. Takes of other keys (another address's
 * pages) do not wait for each other. Locks are taken in one order, so two takes never deadlock.
 */
export class QuotaRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts every check and, when none is spent, adds a use for each key at `at`. Returns the index of
   * the first spent check and the oldest use it counted (when one more will be allowed), or null when
   * the use was taken.
   */
  async take(checks: readonly QuotaCheck[], keys: readonly string[], at: Date): Promise<{ spent: number; oldest: Date } | null> {
    const locks = [...new Set(keys.map(lockOf))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return this.db.transaction(async (tx) => {
      // unnest gives the locks in the array's order, all in one round trip. A use lost to a crash just
      // after its commit costs nothing (one more page for someone), so the commit does not wait for the
      // disk: a take is then a few round trips, not a flush of the log.
      await tx.execute(
        sql`select set_config('synchronous_commit', 'off', true), pg_advisory_xact_lock(l) from unnest(array[${sql.join(
          locks.map((l) => sql`${l.toString()}`),
          sql`, `,
        )}]::bigint[]) as l`,
      );
      for (const [i, check] of checks.entries()) {
        const [row] = await tx
          .select({ n: count(), oldest: min(quotaUses.at) })
          .from(quotaUses)
          .where(and(eq(quotaUses.key, check.key), gt(quotaUses.at, check.since)));
        if (Number(row?.n ?? 0) >= check.limit) return { spent: i, oldest: row?.oldest ?? at };
      }
      await tx.insert(quotaUses).values(keys.map((key) => ({ key, at })));
      return null;
    });
  }

  /** Uses since `since` of each key (for the admin panel and tests). */
  async used(key: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(quotaUses)
      .where(and(eq(quotaUses.key, key), gt(quotaUses.at, since)));
    return Number(row?.n ?? 0);
  }

  /** Removes uses older than `before`: every quota's, or only those whose keys begin with `prefix`. */
  async sweep(before: Date, prefix?: string): Promise<void> {
    // A range of keys rather than LIKE, so the key index finds them (`;` is the character after `:`).
    const ofPrefix = prefix === undefined ? [] : [gte(quotaUses.key, `${prefix}:`), lt(quotaUses.key, `${prefix};`)];
    await this.db.delete(quotaUses).where(and(lt(quotaUses.at, before), ...ofPrefix));
  }
}
