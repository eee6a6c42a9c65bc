import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { appMediaUrl, assertKey, contentTypeOf, type MediaInfo, type MediaStore } from './media-store.ts';

/** Media in a folder (DATA_DIR/media): the default, with no service to run. */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
    return join(this.root, key);
  }

  async stat(key: string): Promise<MediaInfo | undefined> {
    try {
      const s = await stat(this.path(key));
      return { size: s.size, contentType: contentTypeOf(key), etag: `"${s.size.toString(36)}-${Math.round(s.mtimeMs).toString(36)}"` };
    } catch {
      return undefined;
    }
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return createReadStream(this.path(key), range);
  }

  /** Written beside and renamed into place, so a reader never sees half a file. */
  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const part = `${path}.${process.pid}.${Date.now()}.part`;
    await writeFile(part, body);
    await rename(part, path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  url(key: string): string {
    return appMediaUrl(key);
  }
}
