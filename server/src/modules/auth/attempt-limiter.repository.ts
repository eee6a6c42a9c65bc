import { and, eq, inArray, like, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { rateLimits, signInKnown } from '../../db/schema.ts';

export interface Counter {
  count: number;
  /** When the counter's window began (milliseconds). */
  windowStart: number;
}

/**
 * The attempt limiter's SQL: counters in better-auth's `rate_limit` table (one upsert per key, so
 * requests in flight at once each add one), and the places that signed in before in `sign_in_known`.
 */
export class AttemptLimiterRepository {
  constructor(private readonly db: Db) {}

  async counters(keys: readonly string[]): Promise<Map<string, Counter>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.key, [...keys]));
    return new Map(rows.map((r) => [r.key, { count: r.count, windowStart: r.lastRequest }]));
  }

  /**
   * Adds one to each key, atomically per key; a counter whose window began at or before `windowEndedBy`
   * starts again at one. Returns the new count of the last key.
   */
  async bump(keys: readonly string[], now: number, windowEndedBy: number): Promise<number> {
    let last = 0;
    for (const key of keys) last = await this.bumpOne(key, now, windowEndedBy);
    return last;
  }

  private async bumpOne(key: string, now: number, windowEndedBy: number, tries = 3): Promise<number> {
    try {
      const [row] = await this.db
        .insert(rateLimits)
        .values({ id: key, key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.lastRequest} <= ${windowEndedBy} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            lastRequest: sql`CASE WHEN ${rateLimits.lastRequest} <= ${windowEndedBy} THEN ${now} ELSE ${rateLimits.lastRequest} END`,
          },
        })
        .returning({ count: rateLimits.count });
      return row?.count ?? 0;
    } catch (error) {
      // Two first attempts on one key at the same moment: both miss the row, and the one that inserts
      // second trips the primary key (ON CONFLICT arbitrates only on `key`). The row exists now, so
      // asking again adds to it.
      if (tries > 1 && isUniqueViolation(error)) return this.bumpOne(key, now, windowEndedBy, tries - 1);
      throw error;
    }
  }

  /** Takes back one use of a counter; one that falls to nothing is removed, so a refused request leaves no row. */
  async unbump(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, key));
    await this.db.delete(rateLimits).where(and(eq(rateLimits.key, key), lte(rateLimits.count, 0)));
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.db.delete(rateLimits).where(inArray(rateLimits.key, [...keys]));
  }

  /** Removes the given keys and every key that begins with one of the prefixes. */
  async removeWithPrefixes(keys: readonly string[], prefixes: readonly string[]): Promise<void> {
    const escaped = prefixes.map((p) => `${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    await this.db.delete(rateLimits).where(or(inArray(rateLimits.key, [...keys]), ...escaped.map((p) => like(rateLimits.key, p))));
  }

  /** Removes counters idle since `before`: ours and better-auth's. */
  async sweepCounters(before: number): Promise<void> {
    await this.db.delete(rateLimits).where(lt(rateLimits.lastRequest, before));
  }

  async anyKnown(account: string, keys: readonly string[]): Promise<boolean> {
    if (keys.length === 0) return false;
    const rows = await this.db
      .select({ key: signInKnown.key })
      .from(signInKnown)
      .where(and(eq(signInKnown.account, account), inArray(signInKnown.key, [...keys])))
      .limit(1);
    return rows.length > 0;
  }

  async remember(account: string, keys: readonly string[], at: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .insert(signInKnown)
      .values(keys.map((key) => ({ key, account, seenAt: at })))
      .onConflictDoUpdate({ target: signInKnown.key, set: { seenAt: at } });
  }

  /** Forgets places not seen since `before`. */
  async sweepKnown(before: Date): Promise<void> {
    await this.db.delete(signInKnown).where(lt(signInKnown.seenAt, before));
  }
}
