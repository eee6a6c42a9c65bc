import type { LicensedCacheRepository } from './licensed-cache.repository.ts';

/** The time-limited store of the licensed provider's replies: nothing older than the limit is read or kept. */
export class LicensedCache {
  constructor(
    private readonly repository: LicensedCacheRepository,
    private readonly maxAgeMs: number,
  ) {}

  /** A reply kept less than the limit ago, with when it was fetched. */
  async get(key: string, now = Date.now()): Promise<{ body: unknown; fetchedAt: number } | undefined> {
    const row = await this.repository.fetchedSince(key, new Date(now - this.maxAgeMs));
    return row ? { body: row.body, fetchedAt: row.fetchedAt.getTime() } : undefined;
  }

  put(key: string, body: unknown, now = Date.now()): Promise<void> {
    return this.repository.put(key, body, new Date(now));
  }

  /** Deletes what is past the limit; returns how many rows went. */
  purge(now = Date.now()): Promise<number> {
    return this.repository.deleteFetchedBefore(new Date(now - this.maxAgeMs));
  }
}
