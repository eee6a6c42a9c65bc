import type { LibraryJobRow, LibraryRepository } from './library.repository.ts';
import { refuseUninstallable, type LibraryLog, type LibraryService } from './library.service.ts';
import type { ModuleInstaller } from './module-installer.ts';

/** Progress is written at most this often: enough for a smooth bar, little for the database. */
const PROGRESS_EVERY_MS = 250;

/**
 * Runs the library's queued jobs, one at a time in this process; several processes share the queue,
 * each claiming a job atomically (LibraryRepository.claimNext). Reading never waits for a job: the
 * download and unpacking are streamed and the database write is one short transaction.
 */
export class LibraryJobRunner {
  private busy: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: LibraryRepository,
    private readonly library: LibraryService,
    private readonly installer: ModuleInstaller,
    /** Called after a job changed what is installed, so this process serves it at once. */
    private readonly afterChange: () => Promise<void>,
    private readonly log: LibraryLog,
  ) {}

  /** Looks for work every `intervalMs` (a queued job starts within that time in some process). */
  start(intervalMs = 1000): void {
    this.timer = setInterval(() => void this.drain(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.busy;
  }

  /**
   * Runs queued jobs until none is left (only one drain at a time in a process). Never rejects: it runs
   * from a timer, and a database that is away for a moment is tried again on the next tick.
   */
  drain(): Promise<void> {
    this.busy ??= (async () => {
      try {
        while (await this.runNext());
      } catch (error) {
        this.log.warn({ err: error }, `library: the job queue could not be read: ${(error as Error).message}`);
      } finally {
        this.busy = undefined;
      }
    })();
    return this.busy;
  }

  /** Claims and runs one job (that one only, when `id` is given); answers it as it ended, or undefined when there was none. */
  async runNext(id?: number): Promise<LibraryJobRow | undefined> {
    const job = await this.repo.claimNext(id);
    if (!job) return undefined;
    const controller = new AbortController();
    let latest = { done: 0, total: null as number | null };
    let lastWrite = 0;
    const write = () =>
      void this.repo
        .progress(job.id, latest.done, latest.total)
        .then(({ cancelRequested }) => cancelRequested && controller.abort())
        .catch(() => undefined); // the next write, or the heartbeat, tries again
    const onProgress = (done: number, total: number | null) => {
      latest = { done, total };
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS && done !== total) return;
      lastWrite = now;
      write();
    };
    // The heartbeat also writes the last progress a throttled step skipped, and notices a cancel asked
    // while no byte arrives (a slow server).
    const heartbeat = setInterval(write, 1000);
    heartbeat.unref();
    let ended: { state: 'done' | 'cancelled' | 'failed'; message: string };
    try {
      ended = { state: 'done', message: await this.run(job, { signal: controller.signal, onProgress }) };
      this.log.info({ job: job.id, module: job.module }, `library: ${ended.message}`);
    } catch (error) {
      const cancelled = controller.signal.aborted;
      const message = cancelled ? `Cancelled: nothing of ${job.module} was installed.` : error instanceof Error ? error.message : String(error);
      ended = { state: cancelled ? 'cancelled' : 'failed', message };
      if (!cancelled) this.log.warn({ job: job.id, module: job.module }, `library: ${job.action} ${job.module} failed: ${message}`);
    } finally {
      clearInterval(heartbeat);
    }
    // This process applies the change before the job says it is done: whoever reads "done" and then
    // the text (the panel's admin, a test) finds it here.
    await this.afterChange().catch((error: Error) => this.log.warn({ err: error }, `library: could not apply ${job.module} here yet: ${error.message}`));
    await this.repo.finish(job.id, ended.state, ended.message);
    return this.repo.job(job.id);
  }

  private async run(job: LibraryJobRow, progress: { signal: AbortSignal; onProgress(done: number, total: number | null): void }): Promise<string> {
    if (job.action === 'remove') return this.installer.remove(job.module);
    const offered = await this.library.find(job.module, job.repository ?? undefined);
    if (!offered) throw new Error(`${job.repository ?? 'No repository'} no longer lists ${job.module}: refresh the catalogues.`);
    refuseUninstallable(offered.entry);
    return this.installer.install(offered, progress);
  }
}
