import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { bookByOsis } from '#common/scripture/canon.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { startApiBibleServer, type ApiBibleStandIn } from '../../../test/api-bible-server.ts';
import { ApiBibleClient } from './api-bible-client.ts';
import { LicensedCache } from './licensed-cache.ts';
import { LicensedCacheRepository } from './licensed-cache.repository.ts';
import { LicensedCatalogue } from './licensed-catalogue.ts';

const KEY = 'catalogue-test-key-0123';
const HOUR = 3_600_000;
let database: Database;
let provider: ApiBibleStandIn;
const quiet = { warn: () => {} };

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: null });
  await database.db.execute(sql`TRUNCATE licensed_cache`);
  provider = await startApiBibleServer(KEY);
}, 120_000);
afterAll(async () => {
  await provider?.stop();
  await database?.close();
});

const catalogue = (baseUrl: string, maxAgeMs = HOUR) =>
  new LicensedCatalogue({
    client: new ApiBibleClient({ baseUrl, key: KEY, timeoutMs: 500 }),
    cache: new LicensedCache(new LicensedCacheRepository(database.db), maxAgeMs),
    maxAgeMs,
    log: quiet,
  });

describe('the licensed catalogue’s kept replies', () => {
  it('uses the kept list and chapters when the provider cannot be reached', async () => {
    const online = catalogue(provider.url);
    await online.start(() => ['KJV']);
    await online.loaded;
    const niv = online.get('NIV')!;
    await online.chapter(niv, bookByOsis('Ps')!, 23);
    online.stop();

    // A later process, the provider gone: the list and the chapter come from the database.
    const offline = catalogue('http://127.0.0.1:9/v1');
    await offline.start(() => ['KJV']);
    expect(offline.list().map((t) => t.code)).toEqual(['NIV', 'MSG', 'NVI']);
    const kept = await offline.chapter(offline.get('NIV')!, bookByOsis('Ps')!, 23);
    expect(kept.verses).toHaveLength(3);
    await expect(offline.chapter(offline.get('NIV')!, bookByOsis('Ps')!, 24)).rejects.toMatchObject({ name: 'ProviderFailure', kind: 'unavailable' });
    offline.stop();
  });

  it('asks again soon when the provider could not give the first list, and has it once the provider is back', async () => {
    await database.db.execute(sql`TRUNCATE licensed_cache`);
    provider.behaviour.set('bibles', 'error');
    const starting = catalogue(provider.url);
    try {
      await starting.start(() => ['KJV'], HOUR, [50, 50, 50]);
      await starting.loaded;
      expect(starting.list()).toEqual([]);
      provider.behaviour.delete('bibles');
      await vi.waitFor(() => expect(starting.list().map((t) => t.code)).toEqual(['NIV', 'MSG', 'NVI']), { timeout: 10_000, interval: 20 });
    } finally {
      provider.behaviour.delete('bibles');
      starting.stop();
    }
  });

  it('serves nothing older than the limit, and purges it', async () => {
    const cache = new LicensedCache(new LicensedCacheRepository(database.db), HOUR);
    const now = Date.now();
    await cache.put('test:old', { a: 1 }, now - 2 * HOUR);
    await cache.put('test:new', { b: 2 }, now);
    expect(await cache.get('test:old', now)).toBeUndefined();
    expect((await cache.get('test:new', now))!.body).toEqual({ b: 2 });
    expect(await cache.purge(now)).toBeGreaterThanOrEqual(1);
    const left = await database.db.execute(sql`SELECT key FROM licensed_cache WHERE key LIKE 'test:%'`);
    expect(left.rows).toEqual([{ key: 'test:new' }]);
  });

  it('never sends the key anywhere but the api-key header, and names no key in its failures', async () => {
    const c = new ApiBibleClient({ baseUrl: provider.url, key: 'wrong-key-9999', timeoutMs: 500 });
    const failure = await c.bibles().catch((e: unknown) => e as Error);
    expect(failure).toMatchObject({ name: 'ProviderFailure', kind: 'refused', message: '/bibles: HTTP 401' });
    expect(provider.requests.every((r) => !r.path.includes(KEY) && !r.path.includes('wrong-key'))).toBe(true);
  });
});
