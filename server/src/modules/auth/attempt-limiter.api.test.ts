import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { AttemptLimiter } from './attempt-limiter.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
let database: Database;
let now = 0;
const MINUTE = 60_000;

async function rows(): Promise<{ key: string; count: number }[]> {
  const result = await database.db.execute(sql`SELECT key, count FROM rate_limit ORDER BY key`);
  return result.rows as { key: string; count: number }[];
}

describe(`the attempt limiter on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl, dataDir: null });
  });
  afterAll(async () => {
    await database?.close();
  });

  const limiter = () => {
    now = Date.UTC(2026, 0, 1);
    return new AttemptLimiter(database.db, { max: 3, hardMax: 6, windowSeconds: 15 * 60, now: () => now });
  };

  it('stops an address after too many wrong passwords for its window, and a right one forgives that address', async () => {
    await database.db.execute(sql`TRUNCATE rate_limit`);
    const l = limiter();
    for (let i = 0; i < 2; i++) await l.signInFailed('ruth@example.org', '10.0.0.1');
    expect(await l.signInWait('ruth@example.org', '10.0.0.1')).toBeNull();
    await l.signInFailed('ruth@example.org', '10.0.0.1');
    expect(await l.signInWait('ruth@example.org', '10.0.0.1')).toEqual({ seconds: 15 * 60, everyone: false });
    expect(await l.signInWait('RUTH@example.org ', '10.0.0.1')).not.toBeNull(); // the same account however it is typed
    expect(await l.signInWait('ruth@example.org', '10.0.0.2')).toBeNull(); // an address that never failed
    now += 10 * MINUTE;
    expect((await l.signInWait('ruth@example.org', '10.0.0.1'))?.seconds).toBe(5 * 60);
    now += 5 * MINUTE;
    expect(await l.signInWait('ruth@example.org', '10.0.0.1')).toBeNull();

    await database.db.execute(sql`TRUNCATE rate_limit`);
    for (let i = 0; i < 2; i++) await l.signInFailed('orpah@example.org', '10.0.0.3');
    expect(await rows()).toHaveLength(2); // the account's count and the address's
    await l.signInSucceeded('orpah@example.org', '10.0.0.3');
    expect((await rows()).map((r) => r.count)).toEqual([2]); // the account keeps its count; the address starts afresh
  });

  it('once an account is over the limit, only addresses without failures may try; past the hard limit nobody may', async () => {
    await database.db.execute(sql`TRUNCATE rate_limit`);
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.signInFailed('naomi@example.org', `10.1.0.${i}`);
    expect(await l.signInWait('naomi@example.org', '10.1.0.0')).toMatchObject({ everyone: false });
    expect(await l.signInWait('naomi@example.org', '10.1.9.9')).toBeNull();
    for (let i = 3; i < 6; i++) await l.signInFailed('naomi@example.org', `10.1.0.${i}`);
    expect(await l.signInWait('naomi@example.org', '10.1.9.9')).toMatchObject({ everyone: true });
    // Other accounts are not touched.
    expect(await l.signInWait('boaz@example.org', '10.1.0.0')).toBeNull();
  });

  it('counts mail per account from any address, and keys rows by hashes of a fixed size', async () => {
    await database.db.execute(sql`TRUNCATE rate_limit`);
    const l = limiter();
    const long = `${'x'.repeat(240)}@example.org`;
    for (let i = 0; i < 3; i++) await l.mailSent('password-reset', long);
    expect(await l.mailWait('password-reset', long)).toMatchObject({ everyone: true });
    expect(await l.mailWait('sign-up', long)).toBeNull();
    const [row] = await rows();
    expect(row!.key.length).toBeLessThan(80);
    expect(row!.key).not.toContain('example.org');
  });

  it('sweeps rows idle for an hour (its own and better-auth’s)', async () => {
    await database.db.execute(sql`TRUNCATE rate_limit`);
    const l = limiter();
    await database.db.execute(sql`INSERT INTO rate_limit (id, key, count, last_request) VALUES ('old', '10.0.0.1/sign-in/email', 3, ${now - 2 * 60 * MINUTE})`);
    await l.signInFailed('old@example.org', '10.2.0.1');
    now += 61 * MINUTE;
    await l.signInFailed('new@example.org', '10.2.0.2');
    const keys = (await rows()).map((r) => r.key);
    expect(keys).toHaveLength(2); // the new account's two rows; the old address row and old account's are gone
    expect(keys.every((k) => !k.includes('10.0.0.1'))).toBe(true);
  });
});
