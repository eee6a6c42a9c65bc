import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm, stat, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Why a download ended without a model: said to the admin as it is. */
export class DownloadFailed extends Error {
  constructor(
    message: string,
    /** The part already fetched was kept, so asking again resumes. */
    readonly resumable = false,
  ) {
    super(message);
  }
}

const MB = 1_000_000;
/** How many times a dropped connection is taken up again where it stopped, within one download. */
const RESUMES = 3;

/** "1.2 GB", "480 MB": sizes as a person reads them. */
export function formatBytes(bytes: number): string {
  const gigabytes = bytes >= 1_000 * MB;
  return new Intl.NumberFormat('en', { style: 'unit', unit: gigabytes ? 'gigabyte' : 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / (gigabytes ? 1_000 * MB : MB),
  );
}

export const partFile = (target: string): string => `${target}.part`;

/** Bytes of the file there, 0 when there is none. */
export async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

/** Free space in the folder, for whoever runs the server. */
export async function freeBytes(folder: string): Promise<number> {
  const fs = await statfs(folder);
  return fs.bavail * fs.bsize;
}

export const diskFull = (name: string, needed: number, free: number): string =>
  `Not enough free disk space for ${name}: it needs ${formatBytes(needed)} more and ${formatBytes(free)} is free. Free some space or choose a smaller model.`;

export interface DownloadTask {
  name: string;
  url: string;
  /** Where the finished file goes; it is written to `<target>.part` first. */
  target: string;
  bytes: number;
  sha256: string | null;
  signal: AbortSignal;
  onBytes: (done: number) => void;
}

/** Whose SHA-256 the file was checked against: the site's list, the host's own record, or none. */
export type CheckedAgainst = 'list' | 'host' | null;

/**
 * Fetches a model file into `<target>.part`, resuming with a Range request from what is already there
 * (after a dropped connection, or a download stopped earlier), then checks its SHA-256 and moves it into
 * place. A wrong checksum deletes the file; a full disk says so.
 */
export async function downloadModel(task: DownloadTask): Promise<{ checked: CheckedAgainst }> {
  const listed = task.sha256;
  const expected = listed ?? (await publishedChecksum(task.url, task.signal));
  const part = partFile(task.target);
  let done = await sizeOf(part);
  let resumes = 0;
  while (done < task.bytes) {
    const before = done;
    try {
      done = await fetchInto(part, done, task);
    } catch (error) {
      if (task.signal.aborted) throw error;
      if (error instanceof DownloadFailed) throw error;
      // A connection that dropped after some progress is taken up again where it stopped.
      if (done === before) done = await sizeOf(part);
      if (done > before && resumes < RESUMES) {
        resumes++;
        continue;
      }
      throw new DownloadFailed(`The download of ${task.name} was interrupted (${(error as Error).message}). Ask again to resume where it stopped.`, true);
    }
    if (done === before) break;
  }
  if (done !== task.bytes) {
    await rm(part, { force: true });
    throw new DownloadFailed(`The file for ${task.name} is ${formatBytes(done)}, not the ${formatBytes(task.bytes)} the list says: it was deleted.`);
  }
  if (expected) {
    const actual = await sha256Of(part);
    if (actual !== expected) {
      await rm(part, { force: true });
      const whose = listed ? 'the list’s checksum' : 'the checksum its host publishes';
      throw new DownloadFailed(
        `The downloaded file for ${task.name} does not match ${whose} (SHA-256 ${actual.slice(0, 12)}…, expected ${expected.slice(0, 12)}…): it was deleted. The mirror may hold another file.`,
      );
    }
  }
  await rename(part, task.target);
  return { checked: listed ? 'list' : expected ? 'host' : null };
}

/**
 * The SHA-256 a model host publishes for a large file. A Hugging Face style host answers a `resolve`
 * URL with a redirect carrying `X-Linked-Etag: "<sha256>"` (the Git LFS object id), which is the
 * file's SHA-256; a host or mirror without it gives null, and the file is then taken unchecked.
 */
async function publishedChecksum(url: string, signal: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(url, { method: 'HEAD', redirect: 'manual', signal });
    const tag = (response.headers.get('x-linked-etag') ?? '').replace(/^W\//, '').replaceAll('"', '').toLowerCase();
    return /^[0-9a-f]{64}$/.test(tag) ? tag : null;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

/** One request: appends what comes to the part file; returns how many bytes it holds after. */
async function fetchInto(part: string, from: number, task: DownloadTask): Promise<number> {
  const response = await fetch(task.url, { headers: from > 0 ? { range: `bytes=${from}-` } : {}, signal: task.signal, redirect: 'follow' });
  if (response.status === 416) return from;
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new DownloadFailed(`The model’s server answered ${response.status} for ${task.name}. Try again later, or check AI_MODEL_MIRROR.`, from > 0);
  }
  // A server that ignores Range sends the whole file: start again from nothing.
  const resumed = response.status === 206;
  let done = resumed ? from : 0;
  const file = await open(part, resumed ? 'a' : 'w');
  try {
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const bytes = read.value;
      if (done + bytes.length > task.bytes) throw new DownloadFailed(`The server sent more than the ${formatBytes(task.bytes)} of ${task.name}.`);
      await file.write(bytes);
      done += bytes.length;
      task.onBytes(done);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') {
      await file.close();
      await rm(part, { force: true });
      throw new DownloadFailed(diskFull(task.name, task.bytes - done, await freeBytes(dirname(part)).catch(() => 0)));
    }
    throw error;
  } finally {
    await file.close().catch(() => undefined);
  }
  return done;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
