import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stand-in serves a file: whole (with Range), dropping the first connection halfway, or stalling after a first piece. */
export type Serving = 'ok' | 'drop' | 'stall';

/**
 * `/hub/<file>` and `/hub-other/<file>` answer as a Hugging Face `resolve` URL does: a redirect to the
 * file carrying `X-Linked-Etag` with the file's SHA-256 (or, for `hub-other`, another file's).
 */
const HUB = /^\/(hub|hub-other)\/(.*)$/;

/**
 * A stand-in for a model host on loopback: `/<serving>/<file>` serves `bytes` over real HTTP with
 * Range support (206, Content-Range), as the real host does. It records each request's Range header.
 */
export async function startModelFileServer(bytes: Buffer) {
  const requests: { url: string; range?: string }[] = [];
  let dropped = false;
  const stalled = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = req.url ?? '';
    requests.push({ url, range: req.headers.range });
    const hub = HUB.exec(url);
    if (hub) {
      const published = hub[1] === 'hub' ? createHash('sha256').update(bytes).digest('hex') : '0'.repeat(64);
      return void res.writeHead(302, { location: `/ok/${hub[2]}`, 'x-linked-etag': `"${published}"`, 'x-linked-size': String(bytes.length) }).end();
    }
    const serving = url.split('/')[1] as Serving;
    if (!['ok', 'drop', 'stall'].includes(serving)) return void res.writeHead(404).end();
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const from = range ? Number(range[1]) : 0;
    if (from >= bytes.length) return void res.writeHead(416, { 'content-range': `bytes */${bytes.length}` }).end();
    const headers = { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length - from), 'accept-ranges': 'bytes' };
    if (range) res.writeHead(206, { ...headers, 'content-range': `bytes ${from}-${bytes.length - 1}/${bytes.length}` });
    else res.writeHead(200, headers);
    if (serving === 'drop' && !dropped) {
      dropped = true;
      // Half the file, then the connection goes, as a flaky network does.
      res.write(bytes.subarray(from, from + Math.floor((bytes.length - from) / 2)), () => res.socket?.destroy());
      return;
    }
    if (serving === 'stall') {
      res.write(bytes.subarray(from, from + 64 * 1024));
      stalled.add(res);
      return;
    }
    res.end(bytes.subarray(from));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A stand-in model file: 3 MB of a repeating pattern, enough for a download to take more than one piece. */
export function standInModelFile(): Buffer {
  const bytes = Buffer.alloc(3 * 1024 * 1024, 0);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
  return bytes;
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An entry of a curated list (AI_MODEL_LIST) for `bytes`, served at `path` on the stand-in host. */
export function modelListEntry(bytes: Buffer, name: string, file: string, path: string, extra: Record<string, unknown> = {}) {
  return { name, file, bytes: bytes.length, licence: 'Apache-2.0', memoryBytes: 900_000_000, wordsPerSecond: 9, path, sha256: sha256Of(bytes), ...extra };
}
