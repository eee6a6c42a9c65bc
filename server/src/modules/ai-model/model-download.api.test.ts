import { existsSync, lstatSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelFileServer } from '../../../test/model-file-server.ts';
import { DownloadFailed, downloadModel } from './model-download.ts';

const FILE = Buffer.alloc(1024 * 1024, 7);

describe('a model download onto a disk that fills while it is written', () => {
  let host: Awaited<ReturnType<typeof startModelFileServer>>;
  const dir = mkdtempSync(join(tmpdir(), 'selah-full-disk-'));
  beforeAll(async () => {
    host = await startModelFileServer(FILE);
  });
  afterAll(async () => {
    await host.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends with the full-disk message and leaves no part behind', async () => {
    const target = join(dir, 'model.gguf');
    // /dev/full answers every write with ENOSPC, as a full disk does.
    symlinkSync('/dev/full', `${target}.part`);
    const download = downloadModel({
      name: 'Stand-in',
      url: `${host.url}/ok/model.gguf`,
      target,
      bytes: FILE.length,
      sha256: null,
      signal: new AbortController().signal,
      onBytes: () => undefined,
    });
    await expect(download).rejects.toBeInstanceOf(DownloadFailed);
    await expect(download).rejects.toThrow(
      /^Not enough free disk space for Stand-in: it needs 1 MB more and [\d.,]+ [MG]B is free\. Free some space or choose a smaller model\.$/,
    );
    expect(existsSync(target)).toBe(false);
    expect(() => lstatSync(`${target}.part`)).toThrow();
  });
});

describe('a model the list gives no checksum for', () => {
  let host: Awaited<ReturnType<typeof startModelFileServer>>;
  const dir = mkdtempSync(join(tmpdir(), 'selah-host-checksum-'));
  beforeAll(async () => {
    host = await startModelFileServer(FILE);
  });
  afterAll(async () => {
    await host.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const fetchFrom = (path: string, file: string) =>
    downloadModel({
      name: 'Stand-in',
      url: `${host.url}/${path}/${file}`,
      target: join(dir, file),
      bytes: FILE.length,
      sha256: null,
      signal: new AbortController().signal,
      onBytes: () => undefined,
    });

  it('is checked against the SHA-256 its host publishes with the redirect', async () => {
    await expect(fetchFrom('hub', 'a.gguf')).resolves.toEqual({ checked: 'host' });
    expect(existsSync(join(dir, 'a.gguf'))).toBe(true);
    expect(host.requests.filter((r) => r.url === '/hub/a.gguf')).toHaveLength(2);
  });

  it('is deleted when it does not match the host’s checksum', async () => {
    await expect(fetchFrom('hub-other', 'b.gguf')).rejects.toThrow(
      /^The downloaded file for Stand-in does not match the checksum its host publishes \(SHA-256 [0-9a-f]{12}…, expected 000000000000…\): it was deleted\./,
    );
    expect(existsSync(join(dir, 'b.gguf'))).toBe(false);
    expect(existsSync(join(dir, 'b.gguf.part'))).toBe(false);
  });

  it('is taken unchecked, and says so, from a host that publishes none', async () => {
    await expect(fetchFrom('ok', 'c.gguf')).resolves.toEqual({ checked: null });
    expect(existsSync(join(dir, 'c.gguf'))).toBe(true);
  });
});
