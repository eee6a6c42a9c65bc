import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadPackage } from './download-package.ts';
import { installedEntry, modulePackage, packageFailure as failure, serveRepository, writeStandInPackage } from './testing.ts';

const MAX = 64 * 2 ** 20;

describe('downloadPackage over HTTP', () => {
  const kjv = installedEntry('engKJV2006eb.conf');
  let root: string;
  let zip: Buffer;
  let stand: Awaited<ReturnType<typeof serveRepository>>;
  const at = (folder: string) => ({ ...stand.repository('Stand-in'), packageUrl: `${stand.url}/${folder}/pub/sword/packages/rawzip` });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'selah-packages-'));
    zip = await modulePackage('engKJV2006eb');
    await writeStandInPackage(root, 'engKJV2006eb.zip', zip);
    // Only the lower-cased name, as some mirrors have it.
    await writeStandInPackage(join(root, 'lower'), 'engkjv2006eb.zip', zip);
    await writeStandInPackage(join(root, 'stall'), 'engKJV2006eb.zip', zip);
    await writeStandInPackage(join(root, 'cut'), 'engKJV2006eb.zip', zip);
    stand = await serveRepository(root, { '/stall/': 'stall', '/cut/': 'cut' });
  });

  afterAll(async () => {
    await stand?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('downloads <Module>.zip and reports progress that grows to the Content-Length', async () => {
    const progress: [number, number | null][] = [];
    const bytes = await downloadPackage(stand.repository('Stand-in'), kjv, { maxBytes: MAX, onProgress: (done, total) => progress.push([done, total]) });
    expect(bytes.equals(zip)).toBe(true);
    expect(progress[0]).toEqual([0, zip.length]);
    expect(progress.at(-1)).toEqual([zip.length, zip.length]);
    expect(progress.length).toBeGreaterThan(2);
    for (let i = 1; i < progress.length; i++) expect(progress[i]![0]).toBeGreaterThan(progress[i - 1]![0]);
  });

  it('tries the lower-cased name when <Module>.zip is missing, and names both when neither is there', async () => {
    const bytes = await downloadPackage(at('lower'), kjv, { maxBytes: MAX });
    expect(bytes.equals(zip)).toBe(true);
    const error = await failure(downloadPackage(at('nowhere'), kjv, { maxBytes: MAX }));
    expect(error.message).toBe(
      `engKJV2006eb: Stand-in has no engKJV2006eb.zip (HTTP 404, ${stand.url}/nowhere/pub/sword/packages/rawzip/engKJV2006eb.zip) and no listing of the module's folder.`,
    );
  });

  it('stops when the signal is aborted mid-download, with an error that says it was cancelled', async () => {
    const controller = new AbortController();
    const download = downloadPackage(at('stall'), kjv, {
      maxBytes: MAX,
      signal: controller.signal,
      onProgress: (done) => {
        if (done > 0) controller.abort();
      },
    });
    const error = await failure(download);
    expect([error.message, error.cancelled]).toEqual(['engKJV2006eb: the download from Stand-in was cancelled.', true]);
  });

  it('gives up when nothing arrives for the idle timeout', async () => {
    const error = await failure(downloadPackage(at('stall'), kjv, { maxBytes: MAX, idleTimeoutMs: 300 }));
    expect([error.message, error.cancelled]).toEqual([
      `engKJV2006eb from Stand-in: nothing arrived for 300 ms (${stand.url}/stall/pub/sword/packages/rawzip/engKJV2006eb.zip).`,
      false,
    ]);
  });

  it('counts the idle timeout from the last byte, not from the start: a slow download that keeps going finishes', async () => {
    // The client's clock is faked: each pause between chunks is 600 ms of a 1,000 ms idle limit, the
    // whole download four times the limit.
    const parts = [0, 1, 2, 3, 4, 5, 6].map((i) => zip.subarray((i * zip.length) / 7, ((i + 1) * zip.length) / 7));
    let sent = 0;
    let sentBytes = 0;
    let next: () => void = () => undefined;
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-length': String(zip.length) });
      next = () => {
        const part = parts[sent++]!;
        sentBytes += part.length;
        if (sent === parts.length) response.end(part);
        else response.write(part);
      };
      next();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const bytes = await downloadPackage({ name: 'Trickle', catalogueUrl: url, packageUrl: url }, kjv, {
        maxBytes: MAX,
        idleTimeoutMs: 1000,
        onProgress: (done) => {
          // Everything sent so far has arrived: pause, then send the next part.
          if (done === sentBytes && sent < parts.length) {
            vi.advanceTimersByTime(600);
            next();
          }
        },
      });
      expect(bytes.equals(zip)).toBe(true);
    } finally {
      vi.useRealTimers();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a package larger than the cap, by Content-Length or by the bytes that arrive', async () => {
    const address = `${stand.url}/pub/sword/packages/rawzip/engKJV2006eb.zip`;
    const error = await failure(downloadPackage(stand.repository('Stand-in'), kjv, { maxBytes: 1000 }));
    expect(error.message).toBe(`engKJV2006eb from Stand-in: the package is larger than 1000 bytes (${address}).`);
    // A server that sends no Content-Length (chunked) is counted as the bytes arrive.
    const chunked = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/zip' });
      response.end(zip);
    });
    await new Promise<void>((resolve) => chunked.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(chunked.address() as { port: number }).port}`;
    try {
      const progress: (number | null)[] = [];
      const counted = await failure(
        downloadPackage({ name: 'Chunked', catalogueUrl: url, packageUrl: url }, kjv, { maxBytes: 1000, onProgress: (_done, total) => progress.push(total) }),
      );
      expect(counted.message).toBe(`engKJV2006eb from Chunked: the package is larger than 1000 bytes (${url}/engKJV2006eb.zip).`);
      expect(new Set(progress)).toEqual(new Set([null]));
    } finally {
      chunked.closeAllConnections();
      await new Promise((resolve) => chunked.close(resolve));
    }
  });

  it('reports a download that breaks off, an HTTP error, and an address that is not http', async () => {
    const cut = await failure(downloadPackage(at('cut'), kjv, { maxBytes: MAX }));
    expect(cut.message).toMatch(/^engKJV2006eb from Stand-in: the download broke off after \d+ (of \d+ )?bytes/);
    const denied = createServer((_request, response) => response.writeHead(403).end('Forbidden'));
    await new Promise<void>((resolve) => denied.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(denied.address() as { port: number }).port}`;
    try {
      const error = await failure(downloadPackage({ name: 'Denied', catalogueUrl: url, packageUrl: url }, kjv, { maxBytes: MAX }));
      expect(error.message).toBe(`engKJV2006eb from Denied: HTTP 403 (${url}/engKJV2006eb.zip).`);
    } finally {
      await new Promise((resolve) => denied.close(resolve));
    }
    const ftp = await failure(
      downloadPackage({ name: 'Old', catalogueUrl: 'ftp://example.org/raw', packageUrl: 'ftp://example.org/zip' }, kjv, { maxBytes: MAX }),
    );
    expect(ftp.message).toBe('engKJV2006eb from Old: the repository is not an http or https address (ftp://example.org/zip/engKJV2006eb.zip).');
  });

  it('sends a User-Agent naming Selah', async () => {
    let agent: string | undefined;
    const server = createServer((request, response) => {
      agent = request.headers['user-agent'];
      response.writeHead(200, { 'content-length': '2' }).end('PK');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      await downloadPackage({ name: 'Agent', catalogueUrl: url, packageUrl: url }, kjv, { maxBytes: MAX });
      expect(agent).toBe('Selah (SWORD module library)');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
