import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRuns } from '../../db/schema.ts';

/**
 * Runs each scheduled job once per key, however many app processes share the database and however
 * often they restart: the process whose row goes in first runs it. A claim left unfinished longer than
 * `staleAfterMs` (its process died) is taken over; a job that fails gives its claim back.
 */
export class JobClaims {
  constructor(
    private readonly db: Db,
    private readonly staleAfterMs = 10 * 60_000,
  ) {}

  async claim(job: string, key: string): Promise<boolean> {
    const fresh = await this.db.insert(jobRuns).values({ job, key }).onConflictDoNothing().returning({ job: jobRuns.job });
    if (fresh.length > 0) return true;
    const taken = await this.db
      .update(jobRuns)
      .set({ claimedAt: new Date() })
      .where(and(eq(jobRuns.job, job), eq(jobRuns.key, key), isNull(jobRuns.finishedAt), lt(jobRuns.claimedAt, new Date(Date.now() - this.staleAfterMs))))
      .returning({ job: jobRuns.job });
    return taken.length > 0;
  }

  async finish(job: string, key: string): Promise<void> {
    await this.db
      .update(jobRuns)
      .set({ finishedAt: new Date() })
      .where(and(eq(jobRuns.job, job), eq(jobRuns.key, key)));
  }

  async release(job: string, key: string): Promise<void> {
    await this.db.delete(jobRuns).where(and(eq(jobRuns.job, job), eq(jobRuns.key, key), isNull(jobRuns.finishedAt)));
  }

  /** Forgets a claim, finished or not, so the job runs again for the key (its input changed). */
  async forget(job: string, key: string): Promise<void> {
    await this.db.delete(jobRuns).where(and(eq(jobRuns.job, job), eq(jobRuns.key, key)));
  }

  /** Runs `work` if this process wins the claim; answers whether it ran. */
  async once(job: string, key: string, work: () => Promise<void>): Promise<boolean> {
    if (!(await this.claim(job, key))) return false;
    try {
      await work();
    } catch (error) {
      await this.release(job, key);
      throw error;
    }
    await this.finish(job, key);
    return true;
  }
}
