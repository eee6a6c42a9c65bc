/**
 * A stand-in SWORD repository for the library's tests: the real layout (CrossWire's: a catalogue folder
 * `…/raw` with `mods.d.tar.gz` and `mods.d/`, zips in `…/packages/rawzip`) built from the modules Debian
 * installed in /usr/share/sword, served over HTTP on loopback. Test code only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack, type Header } from 'tar-stream';
import type { Repository } from './repositories.ts';

export const SYSTEM_SWORD = '/usr/share/sword';

/** The confs of the modules installed on this machine, as files of mods.d/. */
export function installedConfs(): { file: string; bytes: Buffer }[] {
  const dir = join(SYSTEM_SWORD, 'mods.d');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.conf'))
    .sort()
    .map((f) => ({ file: f, bytes: readFileSync(join(dir, f)) }));
}

export type TarEntry = Partial<Header> & { name: string; body?: Buffer | string };

/** A tar archive of these entries, written with tar-stream as `tar cf` would. */
export async function tarOf(entries: readonly TarEntry[]): Promise<Buffer> {
  const archive = pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of archive) chunks.push(chunk as Buffer);
  })();
  for (const { body, ...header } of entries) {
    await new Promise<void>((resolve, reject) => archive.entry(header, body ?? '', (error) => (error ? reject(error) : resolve())));
  }
  archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** `tar czf mods.d.tar.gz mods.d` of these confs. */
export async function catalogueArchive(confs: readonly { file: string; bytes: Buffer | string }[], extra: readonly TarEntry[] = []): Promise<Buffer> {
  return gzipSync(await tarOf([{ name: 'mods.d/', type: 'directory' }, ...confs.map((c) => ({ name: `mods.d/${c.file}`, body: c.bytes })), ...extra]));
}

/** Where a stand-in repository keeps its catalogue, under the served root. */
export const CATALOGUE_DIR = 'pub/sword/raw';

/** Writes a repository's catalogue folder (mods.d/ and mods.d.tar.gz) under `root`. */
export async function writeStandInCatalogue(root: string, confs: readonly { file: string; bytes: Buffer }[], archive?: Buffer): Promise<void> {
  const dir = join(root, CATALOGUE_DIR);
  await mkdir(join(dir, 'mods.d'), { recursive: true });
  for (const conf of confs) await writeFile(join(dir, 'mods.d', conf.file), conf.bytes);
  await writeFile(join(dir, 'mods.d.tar.gz'), archive ?? (await catalogueArchive(confs)));
}

/**
 * A static file server for `root` on 127.0.0.1, plus ways to misbehave under given path prefixes:
 * `hang` accepts the request and never answers; `gzip-encoded` sends files with Content-Encoding: gzip;
 * `cut` sends half a file and closes the connection.
 */
export async function serveRepository(
  root: string,
  misbehave: Record<string, 'hang' | 'gzip-encoded' | 'cut'> = {},
): Promise<{
  url: string;
  repository(name: string, path?: string): Repository;
  close(): Promise<void>;
}> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const rule = Object.entries(misbehave).find(([prefix]) => path.startsWith(prefix))?.[1];
    if (rule === 'hang') return;
    let body: Buffer;
    try {
      if (path.split('/').includes('..')) throw new Error('outside the root');
      body = readFileSync(join(root, path));
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream', 'content-length': String(body.length) };
    if (rule === 'gzip-encoded') headers['content-encoding'] = 'gzip';
    response.writeHead(200, headers);
    if (rule === 'cut') response.write(body.subarray(0, body.length >> 1), () => response.destroy());
    else response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    repository: (name, path = `/${CATALOGUE_DIR}`) => ({ name, catalogueUrl: `${url}${path}`, packageUrl: `${url}/pub/sword/packages/rawzip` }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
