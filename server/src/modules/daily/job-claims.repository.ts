import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRuns } from '../../db/schema.ts';

/** The rows of `job_runs`: one per job and key, claimed by the process whose insert went in first. */
export class JobClaimsRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the claim; false when a row for the job and key is there already. */
  async insert(job: string, key: string): Promise<boolean> {
    const fresh = await this.db.insert(jobRuns).values({ job, key }).onConflictDoNothing().returning({ job: jobRuns.job });
    return fresh.length > 0;
  }

  /** Takes over an unfinished claim made before `claimedBefore`; false when there is none. */
  async takeOver(job: string, key: string, claimedBefore: Date): Promise<boolean> {
    const taken = await this.db
      .update(jobRuns)
      .set({ claimedAt: new Date() })
      .where(and(eq(jobRuns.job, job), eq(jobRuns.key, key), isNull(jobRuns.finishedAt), lt(jobRuns.claimedAt, claimedBefore)))
      .returning({ job: jobRuns.job });
    return taken.length > 0;
  }

  async finish(job: string, key: string): Promise<void> {
    await this.db
      .update(jobRuns)
      .set({ finishedAt: new Date() })
      .where(and(eq(jobRuns.job, job), eq(jobRuns.key, key)));
  }

  /** Deletes the claim if it is unfinished. */
  async deleteUnfinished(job: string, key: string): Promise<void> {
    await this.db.delete(jobRuns).where(and(eq(jobRuns.job, job), eq(jobRuns.key, key), isNull(jobRuns.finishedAt)));
  }

  async delete(job: string, key: string): Promise<void> {
    await this.db.delete(jobRuns).where(and(eq(jobRuns.job, job), eq(jobRuns.key, key)));
  }
}
