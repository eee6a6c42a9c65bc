import type { Readable } from 'node:stream';
import type { MediaInfo, MediaStore } from '../../providers/storage/media-store.ts';
import { MediaCeiling, type MediaCeilingOptions } from './media-ceiling.ts';
import type { MediaFilesRepository } from './media-files.repository.ts';

/** A file's last use is written at most this often (reads stay cheap; the ceiling needs no finer order). */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/** Touches remembered by one process before it starts afresh (bounds its memory). */
const TOUCHES_KEPT = 10_000;

/**
 * The media store, keeping the media_file table true: every put recorded with its size, every file
 * found (served, or looked up before making it) marked used, every deletion forgotten; and after
 * puts, the ceiling on the media kept (MediaCeiling).
 */
export class RecordedMediaStore implements MediaStore {
  readonly kind: MediaStore['kind'];
  readonly ceiling: MediaCeiling;
  private readonly touched = new Map<string, number>();
  private readonly now: () => number;
  private readonly touchEveryMs: number;
  private readonly onError: MediaCeilingOptions['onError'];

  constructor(
    private readonly inner: MediaStore,
    private readonly files: MediaFilesRepository,
    options: MediaCeilingOptions & { touchEveryMs?: number },
  ) {
    this.kind = inner.kind;
    this.now = options.now ?? Date.now;
    this.ceiling = new MediaCeiling(files, inner, options);
    this.touchEveryMs = options.touchEveryMs ?? TOUCH_EVERY_MS;
    this.onError = options.onError;
  }

  async stat(key: string): Promise<MediaInfo | undefined> {
    const info = await this.inner.stat(key);
    // A failed mark of use costs only the file's place in the ceiling's order: the file is still served.
    if (info) await this.touch(key, info.size).catch((error: unknown) => this.onError?.(error));
    return info;
  }

  open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return this.inner.open(key, range);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.inner.put(key, body, contentType);
    const now = this.now();
    await this.files.record(key, body.length, new Date(now));
    this.touched.set(key, now);
    this.ceiling.afterPut();
  }

  async delete(key: string): Promise<void> {
    await this.inner.delete(key);
    await this.files.forget([key]);
    this.touched.delete(key);
  }

  url(key: string): string {
    return this.inner.url(key);
  }

  private async touch(key: string, bytes: number): Promise<void> {
    const now = this.now();
    const last = this.touched.get(key);
    if (last !== undefined && now - last < this.touchEveryMs) return;
    if (this.touched.size >= TOUCHES_KEPT) this.touched.clear();
    this.touched.set(key, now);
    await this.files.touch(key, bytes, new Date(now), new Date(now - this.touchEveryMs));
  }
}
