import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { jobRuns } from '../../db/schema.ts';
import { serviceDatabase } from '../../../test/service-database.ts';
import { JobClaimsRepository } from './job-claims.repository.ts';
import { JobClaims } from './job-claims.ts';

// Once-only jobs with their real repository on PGlite. Two JobClaims over one database are two app
// processes; a claim's age is set in the table, as a process that died long ago would have left it.
let database: Database;
let first: JobClaims;
let second: JobClaims;
const STALE_MS = 10 * 60_000;

beforeAll(async () => {
  database = await serviceDatabase();
  first = new JobClaims(new JobClaimsRepository(database.db), STALE_MS);
  second = new JobClaims(new JobClaimsRepository(database.db), STALE_MS);
}, 60_000);
afterAll(() => database?.close());

const row = async (job: string, key: string) =>
  (
    await database.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, job), eq(jobRuns.key, key)))
  )[0];
const age = (job: string, key: string, ms: number) =>
  database.db
    .update(jobRuns)
    .set({ claimedAt: new Date(Date.now() - ms) })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.key, key)));

describe('jobs run once per key', () => {
  it('runs a job once when two processes ask at the same moment, and never again for that key', async () => {
    let runs = 0;
    const work = async () => void runs++;
    const ran = await Promise.all([first.once('prayer', '2027-01-01', work), second.once('prayer', '2027-01-01', work)]);
    expect(ran.sort()).toEqual([false, true]);
    expect(runs).toBe(1);
    expect((await row('prayer', '2027-01-01'))?.finishedAt).toBeInstanceOf(Date);
    expect(await first.once('prayer', '2027-01-01', work)).toBe(false);
    // Another key, or another job with the same key, is a job of its own.
    expect(await second.once('prayer', '2027-01-02', work)).toBe(true);
    expect(await second.once('picture', '2027-01-01', work)).toBe(true);
    expect(runs).toBe(3);
  });

  it('gives the claim back when the job fails, so the next run tries again', async () => {
    await expect(
      first.once('prayer', 'fails', async () => {
        throw new Error('the model is down');
      }),
    ).rejects.toThrow('the model is down');
    expect(await row('prayer', 'fails')).toBeUndefined();
    let runs = 0;
    expect(await second.once('prayer', 'fails', async () => void runs++)).toBe(true);
    expect(runs).toBe(1);
  });

  it('takes over a claim left unfinished for longer than the stale time (its process died), and only then', async () => {
    expect(await first.claim('news', 'dead')).toBe(true);
    // Still fresh: the process that claimed it may be working on it.
    await age('news', 'dead', STALE_MS - 60_000);
    expect(await second.claim('news', 'dead')).toBe(false);
    await age('news', 'dead', STALE_MS + 60_000);
    expect(await second.claim('news', 'dead')).toBe(true);
    // Taken over: the claim is fresh again, so a third process does not take it as well.
    expect(await first.claim('news', 'dead')).toBe(false);
    const taken = await row('news', 'dead');
    expect(Date.now() - taken!.claimedAt.getTime()).toBeLessThan(STALE_MS);
  });

  it('never takes over a finished job, however old', async () => {
    expect(await first.once('news', 'done', async () => {})).toBe(true);
    await age('news', 'done', STALE_MS * 10);
    expect(await second.claim('news', 'done')).toBe(false);
  });

  it('gives back only an unfinished claim, and forgets a finished one when its input changed', async () => {
    expect(await first.claim('lesson', 'a')).toBe(true);
    await first.finish('lesson', 'a');
    await first.release('lesson', 'a');
    expect((await row('lesson', 'a'))?.finishedAt).toBeInstanceOf(Date);
    expect(await second.claim('lesson', 'a')).toBe(false);
    await first.forget('lesson', 'a');
    expect(await row('lesson', 'a')).toBeUndefined();
    expect(await second.claim('lesson', 'a')).toBe(true);
    await second.release('lesson', 'a');
    expect(await row('lesson', 'a')).toBeUndefined();
  });

  it('counts a claim as stale after ten minutes when not told otherwise', async () => {
    const plain = new JobClaims(new JobClaimsRepository(database.db));
    expect(await plain.claim('hero', 'x')).toBe(true);
    await age('hero', 'x', 9 * 60_000);
    expect(await plain.claim('hero', 'x')).toBe(false);
    await age('hero', 'x', 11 * 60_000);
    expect(await plain.claim('hero', 'x')).toBe(true);
  });
});
