import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A fingerprint of a file or folder's bytes (folders: every file below, by sorted relative path), so
 * importing the same source twice is recognised and skipped.
 */
export async function fingerprintPath(path: string, extra = ''): Promise<string> {
  const hash = createHash('sha256').update(extra);
  const walk = async (p: string, rel: string): Promise<void> => {
    if ((await stat(p)).isDirectory()) {
      for (const name of (await readdir(p)).sort()) await walk(join(p, name), `${rel}/${name}`);
    } else {
      hash.update(`\0${rel}\0`).update(await readFile(p));
    }
  };
  await walk(path, '');
  return `sha256:${hash.digest('hex')}`;
}
