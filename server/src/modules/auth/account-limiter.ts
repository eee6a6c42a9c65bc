import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

/**
 * Limits attempts per account (per email and action), on top of better-auth's per-address limits, so
 * a password cannot be guessed from many addresses. Counters live in the database: every app process
 * shares them. `hit` counts an attempt and returns 0, or the seconds to wait when over the limit.
 */
export class AccountLimiter {
  constructor(
    private readonly db: Db,
    private readonly max = 10,
    private readonly windowSeconds = 15 * 60,
  ) {}

  async hit(key: string): Promise<number> {
    const id = `account:${key}`;
    const now = Date.now();
    const windowStart = now - this.windowSeconds * 1000;
    // One statement: start a new window, or count within the current one.
    const [row] = await this.db
      .insert(rateLimits)
      .values({ id, key: id, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.lastRequest} < ${windowStart} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          lastRequest: sql`CASE WHEN ${rateLimits.lastRequest} < ${windowStart} THEN ${now} ELSE ${rateLimits.lastRequest} END`,
        },
      })
      .returning();
    if (!row || row.count <= this.max) return 0;
    return Math.max(1, Math.ceil((row.lastRequest + this.windowSeconds * 1000 - now) / 1000));
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, `account:${key}`));
  }
}
