import type { JobClaimsRepository } from './job-claims.repository.ts';

/**
 * Runs each scheduled job once per key, however many app processes share the database and however
 * often they restart: the process whose row goes in first runs it. A claim left unfinished longer than
 * `staleAfterMs` (its process died) is taken over; a job that fails gives its claim back.
 */
export class JobClaims {
  constructor(
    private readonly repository: JobClaimsRepository,
    private readonly staleAfterMs = 10 * 60_000,
  ) {}

  async claim(job: string, key: string): Promise<boolean> {
    if (await this.repository.insert(job, key)) return true;
    return this.repository.takeOver(job, key, new Date(Date.now() - this.staleAfterMs));
  }

  async finish(job: string, key: string): Promise<void> {
    await this.repository.finish(job, key);
  }

  async release(job: string, key: string): Promise<void> {
    await this.repository.deleteUnfinished(job, key);
  }

  /** Forgets a claim, finished or not, so the job runs again for the key (its input changed). */
  async forget(job: string, key: string): Promise<void> {
    await this.repository.delete(job, key);
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
