import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.ts';
import { databaseKind } from '../../../test/test-app.ts';
import { TooMany } from '../errors.ts';
import { HOUR_MS, Quota } from './quota.ts';
import { QuotaRepository } from './quota.repository.ts';

// Two handles on one database play two app processes (on PGlite, one in-memory database serves both).
let first: Database;
let second: Database | undefined;

const limit = (key: string, n: number, windowMs = HOUR_MS) => ({ key, limit: n, windowMs, message: (s: number) => `wait ${Math.ceil(s)}` });
const settle = (takes: Promise<void>[]) =>
  Promise.allSettled(takes).then((r) => ({
    taken: r.filter((x) => x.status === 'fulfilled').length,
    refused: r.filter((x) => x.status === 'rejected' && x.reason instanceof TooMany).length,
  }));

describe(`A quota taken by requests in flight at once, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    first = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: null });
    if (process.env.TEST_DATABASE_URL) second = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: null });
    await first.db.execute(sql`TRUNCATE quota_use`);
  }, 120_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('never lets 8 concurrent takes past a cap of 4', async () => {
    const quota = new Quota(new QuotaRepository(first.db), 'race');
    const result = await settle(Array.from({ length: 8 }, (_, i) => quota.take([limit(`addr:${i}`, 10), limit('site', 4)])));
    expect(result).toEqual({ taken: 4, refused: 4 });
    expect(await quota.used('site', HOUR_MS)).toBe(4);
  });

  it('holds across two processes sharing the database', async () => {
    const a = new Quota(new QuotaRepository(first.db), 'two-processes');
    const b = new Quota(new QuotaRepository((second ?? first).db), 'two-processes');
    const takes = Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).take([limit('user:1', 3)]));
    expect(await settle(takes)).toEqual({ taken: 3, refused: 7 });
  });

  it('refuses with the first spent limit, says when to come back, and counts nothing refused', async () => {
    let now = Date.UTC(2026, 0, 1, 12);
    const quota = new Quota(new QuotaRepository(first.db), 'window', () => now);
    await quota.take([limit('user:2', 2), limit('site', 100)]);
    now += 10 * 60_000;
    await quota.take([limit('user:2', 2), limit('site', 100)]);
    now += 5 * 60_000;
    const refusal = await quota.take([limit('user:2', 2), limit('site', 100)]).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TooMany);
    // The oldest use (15 minutes ago) leaves the hour in 45 minutes.
    expect((refusal as TooMany).message).toBe(`wait ${45 * 60}`);
    expect((refusal as TooMany).headers['retry-after']).toBe(String(45 * 60));
    expect(await quota.used('site', HOUR_MS)).toBe(2);
    // Once the first use is over an hour old, one more is allowed.
    now += 45 * 60_000 + 1;
    await expect(quota.take([limit('user:2', 2)])).resolves.toBeUndefined();
  });

  it('never says to wait longer than the window, when a use stamped after this take began was counted first', async () => {
    const at = Date.UTC(2026, 0, 2, 12);
    // Another process's clock, or a take of this one that began a moment later and got the lock first.
    await new Quota(new QuotaRepository(first.db), 'later', () => at + 1_500).take([limit('user:3', 1)]);
    const refusal = await new Quota(new QuotaRepository(first.db), 'later', () => at).take([limit('user:3', 1)]).catch((e: unknown) => e);
    expect((refusal as TooMany).message).toBe(`wait ${60 * 60}`);
    expect((refusal as TooMany).headers['retry-after']).toBe(String(60 * 60));
  });

  it('keeps each named quota apart', async () => {
    const pictures = new Quota(new QuotaRepository(first.db), 'apart-pictures');
    const audio = new Quota(new QuotaRepository(first.db), 'apart-audio');
    await pictures.take([limit('site', 1)]);
    await expect(pictures.take([limit('site', 1)])).rejects.toBeInstanceOf(TooMany);
    await expect(audio.take([limit('site', 1)])).resolves.toBeUndefined();
  });

  it('refuses a spent limit again without asking the database, until its oldest use leaves the window', async () => {
    let now = Date.UTC(2026, 0, 2, 12);
    const repository = new QuotaRepository(first.db);
    const quota = new Quota(repository, 'spent', () => now);
    const take = (key: string) => quota.take([limit(key, 1)], { refuseFromMemory: true });
    await take('addr:9');
    await expect(take('addr:9')).rejects.toThrow(`wait ${60 * 60}`);
    const asked = vi.spyOn(repository, 'take');
    now += 20 * 60_000;
    for (let i = 0; i < 5; i++) await expect(take('addr:9')).rejects.toThrow(`wait ${40 * 60}`);
    expect(asked).not.toHaveBeenCalled();
    // Another key, or the same key after its hour, is counted in the database again.
    await expect(take('addr:10')).resolves.toBeUndefined();
    now += 40 * 60_000 + 1;
    await expect(take('addr:9')).resolves.toBeUndefined();
    expect(asked).toHaveBeenCalledTimes(2);
  });
});
