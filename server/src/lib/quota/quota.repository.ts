import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quotaUses } from '../../db/schema.ts';

/** One count to check before a use is taken: no more than `limit` uses of `key` since `since`. */
export interface QuotaCheck {
  key: string;
  since: Date;
  limit: number;
}

/**
 * The quota table's SQL. A take is one transaction holding an advisory lock named for the quota, so two
 * processes (or two requests in one) taking at once are counted one after the other: the second sees
 * the first's row, and a cap is never overrun.
 */
export class QuotaRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts every check and, when none is spent, adds a use for each key at `at`. Returns the index of
   * the first spent check and the oldest use it counted (when one more will be allowed), or null when
   * the use was taken.
   */
  async take(lock: string, checks: readonly QuotaCheck[], keys: readonly string[], at: Date): Promise<{ spent: number; oldest: Date } | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quota:${lock}`}))`);
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

  async sweep(before: Date): Promise<void> {
    await this.db.delete(quotaUses).where(lt(quotaUses.at, before));
  }
}
