import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { AttemptLimiter } from './attempt-limiter.ts';
import { AttemptLimiterRepository } from './attempt-limiter.repository.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
let database: Database;
let now = 0;
const MINUTE = 60_000;
const at = (address: string, device?: string) => ({ address, device });
const DEVICE = 'd'.repeat(43);

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
    return new AttemptLimiter(new AttemptLimiterRepository(database.db), { max: 3, hardMax: 6, windowSeconds: 15 * 60, now: () => now });
  };

  it('stops an address after too many wrong passwords for its window, and a right one forgives that address', async () => {
    await database.db.execute(sql`TRUNCATE rate_limit`);
    const l = limiter();
    for (let i = 0; i < 2; i++) await l.signInFailed('ruth@example.org', at('10.0.0.1'));
    expect(await l.signInWait('ruth@example.org', at('10.0.0.1'))).toBeNull();
    await l.signInFailed('ruth@example.org', at('10.0.0.1'));
    expect(await l.signInWait('ruth@example.org', at('10.0.0.1'))).toEqual({ seconds: 15 * 60, everyone: false });
    expect(await l.signInWait('RUTH@example.org ', at('10.0.0.1'))).not.toBeNull(); // the same account however it is typed
    expect(await l.signInWait('ruth@example.org', at('10.0.0.2'))).toBeNull(); // an address that never failed
    now += 10 * MINUTE;
    expect((await l.signInWait('ruth@example.org', at('10.0.0.1')))?.seconds).toBe(5 * 60);
    now += 5 * MINUTE;
    expect(await l.signInWait('ruth@example.org', at('10.0.0.1'))).toBeNull();

    await database.db.execute(sql`TRUNCATE rate_limit`);
    for (let i = 0; i < 2; i++) await l.signInFailed('orpah@example.org', at('10.0.0.3'));
    expect(await rows()).toHaveLength(2); // the account's count and the address's
    await l.signInSucceeded('orpah@example.org', at('10.0.0.3'));
    expect((await rows()).map((r) => r.count)).toEqual([2]); // the account keeps its count; the address starts afresh
  });

  it('once an account is over the limit, only addresses without failures may try; past the hard limit nobody may', async () => {
    await database.db.execute(sql`TRUNCATE rate_limit`);
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.signInFailed('naomi@example.org', at(`10.1.0.${i}`));
    expect(await l.signInWait('naomi@example.org', at('10.1.0.0'))).toMatchObject({ everyone: false });
    expect(await l.signInWait('naomi@example.org', at('10.1.9.9'))).toBeNull();
    for (let i = 3; i < 6; i++) await l.signInFailed('naomi@example.org', at(`10.1.0.${i}`));
    expect(await l.signInWait('naomi@example.org', at('10.1.9.9'))).toMatchObject({ everyone: true });
    // Other accounts are not touched.
    expect(await l.signInWait('boaz@example.org', at('10.1.0.0'))).toBeNull();
  });

  it('lets places that signed in before try while strangers hold the account, each within its own budget', async () => {
    await database.db.execute(sql`TRUNCATE rate_limit, sign_in_known`);
    const l = limiter();
    await l.signInSucceeded('ruth@example.org', at('10.3.0.1', DEVICE));
    for (let i = 0; i < 6; i++) await l.signInFailed('ruth@example.org', at(`10.3.1.${i}`));
    expect(await l.signInWait('ruth@example.org', at('10.3.9.9'))).toMatchObject({ everyone: true }); // a stranger
    expect(await l.signInWait('ruth@example.org', at('10.3.0.1'))).toBeNull(); // the address that signed in
    expect(await l.signInWait('ruth@example.org', at('10.3.9.9', DEVICE))).toBeNull(); // the device, from elsewhere
    expect(await l.signInWait('ruth@example.org', at('10.3.9.9', 'e'.repeat(43)))).toMatchObject({ everyone: true }); // another device
    expect(await l.signInWait('orpah@example.org', at('10.3.0.1', DEVICE))).toBeNull(); // known to one account says nothing of another
    // A known place still has its own budget: guessing from it stays bounded.
    for (let i = 0; i < 3; i++) await l.signInFailed('ruth@example.org', at('10.3.0.1'));
    expect(await l.signInWait('ruth@example.org', at('10.3.0.1'))).toEqual({ seconds: 15 * 60, everyone: false });
    for (let i = 0; i < 3; i++) await l.signInFailed('ruth@example.org', at('10.3.5.5', DEVICE));
    expect(await l.signInWait('ruth@example.org', at('10.3.6.6', DEVICE))).toMatchObject({ everyone: false }); // the device's own count
    // Only hashes are kept.
    const known = (await database.db.execute(sql`SELECT key, account FROM sign_in_known`)).rows as { key: string; account: string }[];
    expect(known).toHaveLength(2);
    expect(JSON.stringify(known)).not.toMatch(/ruth|10\.3|ddd/);
  });

  it('lets no more than the hard limit of strangers’ guesses through, even when they are all in flight at once', async () => {
    await database.db.execute(sql`TRUNCATE rate_limit, sign_in_known`);
    const l = limiter();
    await l.signInSucceeded('ruth@example.org', at('10.5.0.1'));
    const strangers = Array.from({ length: 20 }, (_, i) => at(`10.5.1.${i}`));
    const admissions = await Promise.all(strangers.map((place) => l.signInAttempt('ruth@example.org', place)));
    expect(admissions.filter((a) => a.wait === null)).toHaveLength(6);
    expect(admissions.filter((a) => a.wait?.everyone)).toHaveLength(14);
    await Promise.all(strangers.map((place, i) => (admissions[i]!.wait ? null : l.signInFailed('ruth@example.org', place, admissions[i]))));
    // The owner's known address is not held by them; a right password from a stranger's place gives its count back.
    expect(await l.signInAttempt('ruth@example.org', at('10.5.0.1'))).toEqual({ wait: null, counted: false });
    expect((await rows()).find((r) => r.key.startsWith('account:'))?.count).toBeGreaterThanOrEqual(6);
  });

  it('clears every sign-in count of the account when its password is reset, and no other account’s', async () => {
    await database.db.execute(sql`TRUNCATE rate_limit, sign_in_known`);
    const l = limiter();
    for (let i = 0; i < 6; i++) await l.signInFailed('naomi@example.org', at(`10.4.0.${i}`, i % 2 ? DEVICE : undefined));
    await l.signInFailed('boaz@example.org', at('10.4.0.1'));
    await l.mailSent('password-reset', 'naomi@example.org');
    expect(await l.signInWait('naomi@example.org', at('10.4.0.1'))).toMatchObject({ everyone: true });
    await l.passwordReset('NAOMI@example.org ');
    expect(await l.signInWait('naomi@example.org', at('10.4.0.1', DEVICE))).toBeNull();
    expect(await l.signInWait('naomi@example.org', at('10.4.9.9'))).toBeNull();
    // Boaz's counts and the reset mail's count stay.
    expect((await rows()).map((r) => r.count)).toEqual([1, 1, 1]);
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
    await l.signInFailed('old@example.org', at('10.2.0.1'));
    now += 61 * MINUTE;
    await l.signInFailed('new@example.org', at('10.2.0.2'));
    const keys = (await rows()).map((r) => r.key);
    expect(keys).toHaveLength(2); // the new account's two rows; the old address row and old account's are gone
    expect(keys.every((k) => !k.includes('10.0.0.1'))).toBe(true);
  });
});
