import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { licensedCache } from '../../db/schema.ts';

/** The time-limited store of the licensed provider's replies (see the table's comment in db/schema.ts). */
export class LicensedCache {
  constructor(
    private readonly db: Db,
    private readonly maxAgeMs: number,
  ) {}

  /** A reply kept less than the limit ago, with when it was fetched. */
  async get(key: string, now = Date.now()): Promise<{ body: unknown; fetchedAt: number } | undefined> {
    const [row] = await this.db
      .select({ body: licensedCache.body, fetchedAt: licensedCache.fetchedAt })
      .from(licensedCache)
      .where(and(eq(licensedCache.key, key), gt(licensedCache.fetchedAt, new Date(now - this.maxAgeMs))));
    return row ? { body: row.body, fetchedAt: row.fetchedAt.getTime() } : undefined;
  }

  async put(key: string, body: unknown, now = Date.now()): Promise<void> {
    const fetchedAt = new Date(now);
    await this.db.insert(licensedCache).values({ key, body, fetchedAt }).onConflictDoUpdate({ target: licensedCache.key, set: { body, fetchedAt } });
  }

  /** Deletes what is past the limit; returns how many rows went. */
  async purge(now = Date.now()): Promise<number> {
    const gone = await this.db
      .delete(licensedCache)
      .where(lt(licensedCache.fetchedAt, new Date(now - this.maxAgeMs)))
      .returning({ key: licensedCache.key });
    return gone.length;
  }
}
