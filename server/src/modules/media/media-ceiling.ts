import type { MediaStore } from '../../providers/storage/media-store.ts';
import type { MediaFilesRepository } from './media-files.repository.ts';

/** A file this new may be on its way to being named by a row (a picture saved just after its files). */
const GRACE_MS = 10 * 60 * 1000;
/** After a put, the ceiling is checked at most this often by one process. */
const CHECK_EVERY_MS = 60 * 1000;
const BATCH = 100;

export interface MediaCeilingOptions {
  maxBytes: number;
  graceMs?: number;
  checkEveryMs?: number;
  now?: () => number;
  /** Where a failed run (tried again after a later put) or a failed mark of use is told. */
  onError?: (error: unknown) => void;
}

/**
 * MEDIA_MAX_MB: when the generated media kept passes it, the files used longest ago that nothing links
 * to are removed until it is under (media-files.repository.ts says which may go). Each removal is
 * claimed in the database first, so several processes may run it at once and none removes a file in
 * use; removed audio is made again when next asked for.
 */
export class MediaCeiling {
  private lastCheck = Number.NEGATIVE_INFINITY;
  private running: Promise<unknown> = Promise.resolve();
  private readonly graceMs: number;
  private readonly checkEveryMs: number;
  private readonly now: () => number;

  constructor(
    private readonly files: MediaFilesRepository,
    private readonly store: MediaStore,
    private readonly options: MediaCeilingOptions,
  ) {
    this.graceMs = options.graceMs ?? GRACE_MS;
    this.checkEveryMs = options.checkEveryMs ?? CHECK_EVERY_MS;
    this.now = options.now ?? Date.now;
  }

  /** Called after each put: starts a check in the background unless one ran lately or is running. */
  afterPut(): void {
    const now = this.now();
    if (now - this.lastCheck < this.checkEveryMs) return;
    this.lastCheck = now;
    this.running = this.enforce().catch((error: unknown) => this.options.onError?.(error));
  }

  /** The background check's end (for tests and shutdown). */
  async idle(): Promise<void> {
    await this.running;
  }

  /** Removes the longest-unused removable files until the total is under the ceiling; what it removed. */
  async enforce(): Promise<{ removed: string[]; totalBytes: number }> {
    let total = await this.files.totalBytes();
    const removed: string[] = [];
    const createdBefore = new Date(this.now() - this.graceMs);
    while (total > this.options.maxBytes) {
      const candidates = await this.files.removable(createdBefore, BATCH);
      let claimedAny = false;
      for (const candidate of candidates) {
        if (total <= this.options.maxBytes) break;
        const claimed = await this.files.claim(candidate.key, createdBefore);
        if (claimed.length === 0) {
          // Taken meanwhile (another process is removing too, so the total counted is stale) or come
          // into use: read the total afresh, so two processes at once remove what one would.
          total = await this.files.totalBytes();
          continue;
        }
        claimedAny = true;
        // The rows go first: a file whose deletion then fails is only a file no longer counted.
        await Promise.all(claimed.map((c) => this.store.delete(c.key)));
        for (const c of claimed) {
          removed.push(c.key);
          total -= c.bytes;
        }
      }
      // Over, but nothing listed could be taken (everything left is in use): asking again would list
      // the same files for ever.
      if (!claimedAny) break;
    }
    return { removed, totalBytes: total };
  }
}
