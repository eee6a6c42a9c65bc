import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { licensedCache } from '../../db/schema.ts';

/** The rows of the licensed provider's kept replies (see the table's comment in db/schema.ts). */
export class LicensedCacheRepository {
  constructor(private readonly db: Db) {}

  /** The reply kept under `key` if it was fetched after `since`, with when it was fetched. */
  async fetchedSince(key: string, since: Date): Promise<{ body: unknown; fetchedAt: Date } | undefined> {
    const [row] = await this.db
      .select({ body: licensedCache.body, fetchedAt: licensedCache.fetchedAt })
      .from(licensedCache)
      .where(and(eq(licensedCache.key, key), gt(licensedCache.fetchedAt, since)));
    return row;
  }

  async put(key: string, body: unknown, fetchedAt: Date): Promise<void> {
    await this.db.insert(licensedCache).values({ key, body, fetchedAt }).onConflictDoUpdate({ target: licensedCache.key, set: { body, fetchedAt } });
  }

  /** Deletes the replies fetched before `before`; returns how many rows went. */
  async deleteFetchedBefore(before: Date): Promise<number> {
    const gone = await this.db.delete(licensedCache).where(lt(licensedCache.fetchedAt, before)).returning({ key: licensedCache.key });
    return gone.length;
  }
}
