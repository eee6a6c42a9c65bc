import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * PGlite is one process's database: a second server opening the same folder corrupts it. A lock file
 * with the owner's pid turns that mistake into a clear message; a stale lock (dead pid) is taken over.
 */
export function lockDataDir(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`the data folder is in use by another Selah process (pid ${owner}): ${lockPath}`);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock the data folder: ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
