/**
 * A stand-in SWORD repository for the library's tests: the real layout (CrossWire's: a catalogue folder
 * `…/raw` with `mods.d.tar.gz` and `mods.d/`, zips in `…/packages/rawzip`) built from the modules Debian
 * installed in /usr/share/sword, served over HTTP on loopback. Test code only.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack, type Header } from 'tar-stream';
import { expect } from 'vitest';
import yazl from 'yazl';
import { parseConf, readConfFile } from '../sword/conf.ts';
import { catalogueEntry, relativeDataPath, type CatalogueEntry } from './catalogue-entry.ts';
import { moduleDataDir, PackageError } from './module-package.ts';
import type { Repository } from './repositories.ts';

export const SYSTEM_SWORD = '/usr/share/sword';

/** The modules the catalogue tests list (CI installs these and more; the expected lists name these five). */
export const CATALOGUE_MODULES = ['engKJV2006eb.conf', 'engWEB2015eb.conf', 'mhcc.conf', 'nave.conf', 'spaRV1909eb.conf'];

/** The confs of these modules installed on this machine, as files of mods.d/. */
export function installedConfs(files: readonly string[] = CATALOGUE_MODULES): { file: string; bytes: Buffer }[] {
  const dir = join(SYSTEM_SWORD, 'mods.d');
  return readdirSync(dir)
    .filter((f) => files.includes(f))
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

/** Where a stand-in repository keeps its zips, under the served root (CrossWire's layout). */
export const PACKAGE_DIR = 'pub/sword/packages/rawzip';

/** An installed module's conf file and data folder (relative to the SWORD root), found by its section name. */
export function installedModuleFiles(name: string): { confFile: string; dataDir: string } {
  for (const { file, bytes } of installedConfs(readdirSync(join(SYSTEM_SWORD, 'mods.d')))) {
    const conf = parseConf(bytes, file);
    if (conf.name.toLowerCase() !== name.toLowerCase()) continue;
    const dataPath = relativeDataPath(conf.get('DataPath'));
    const dataDir = typeof dataPath === 'string' ? moduleDataDir(conf.get('ModDrv') ?? '', dataPath) : undefined;
    if (dataDir) return { confFile: file, dataDir };
  }
  throw new Error(`${name} is not installed in ${SYSTEM_SWORD}`);
}

/**
 * `<Module>.zip` as repositories build it (`zip -r -D` of the conf and the data folder, run in a SWORD
 * root), from a copy of an installed module. `conf` rewrites the conf's text first.
 */
export async function modulePackage(name: string, conf: (text: string) => string = (t) => t): Promise<Buffer> {
  const { confFile, dataDir } = installedModuleFiles(name);
  const work = await mkdtemp(join(tmpdir(), 'selah-package-'));
  try {
    await mkdir(join(work, 'mods.d'));
    await writeFile(join(work, 'mods.d', confFile), conf(readFileSync(join(SYSTEM_SWORD, 'mods.d', confFile), 'utf8')));
    await cp(join(SYSTEM_SWORD, dataDir), join(work, dataDir), { recursive: true });
    execFileSync('zip', ['-q', '-r', '-D', 'package.zip', `mods.d/${confFile}`, dataDir], { cwd: work });
    return readFileSync(join(work, 'package.zip'));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * A module's files in the catalogue folder, where a repository without zips keeps them (the conf is in
 * mods.d/ with the catalogue's): a copy of the installed module's data folder.
 */
export async function writeStandInModuleFiles(root: string, name: string): Promise<string> {
  const { dataDir } = installedModuleFiles(name);
  await cp(join(SYSTEM_SWORD, dataDir), join(root, CATALOGUE_DIR, dataDir), { recursive: true });
  return dataDir;
}

/** Apache's autoindex page (its default FancyIndexing table), for a folder of the stand-in. */
export function autoindexPage(urlPath: string, dir: string): string {
  const rows = readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((e) => {
      const href = encodeURIComponent(e.name) + (e.isDirectory() ? '/' : '');
      const size = e.isDirectory() ? '  - ' : `${Math.ceil(statSync(join(dir, e.name)).size / 1024)}K`;
      const icon = e.isDirectory() ? '[DIR]' : '[   ]';
      return `<tr><td valign="top"><img src="/icons/unknown.gif" alt="${icon}"></td><td><a href="${href}">${e.name}${e.isDirectory() ? '/' : ''}</a></td><td align="right">2024-03-01 12:00  </td><td align="right">${size}</td><td>&nbsp;</td></tr>`;
    });
  const parent = urlPath.replace(/[^/]+\/$/, '');
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">
<html>
 <head>
  <title>Index of ${urlPath}</title>
 </head>
 <body>
<h1>Index of ${urlPath}</h1>
  <table>
   <tr><th valign="top"><img src="/icons/blank.gif" alt="[ICO]"></th><th><a href="?C=N;O=D">Name</a></th><th><a href="?C=M;O=A">Last modified</a></th><th><a href="?C=S;O=A">Size</a></th><th><a href="?C=D;O=A">Description</a></th></tr>
   <tr><th colspan="5"><hr></th></tr>
<tr><td valign="top"><img src="/icons/back.gif" alt="[PARENTDIR]"></td><td><a href="${parent}">Parent Directory</a></td><td>&nbsp;</td><td align="right">  - </td><td>&nbsp;</td></tr>
${rows.join('\n')}
   <tr><th colspan="5"><hr></th></tr>
</table>
<address>Apache/2.4.62 (Debian) Server at 127.0.0.1 Port 80</address>
</body></html>
`;
}

/** Writes `<PACKAGE_DIR>/<file>` under `root`. */
export async function writeStandInPackage(root: string, file: string, zip: Buffer): Promise<void> {
  await mkdir(join(root, PACKAGE_DIR), { recursive: true });
  await writeFile(join(root, PACKAGE_DIR, file), zip);
}

export interface ZipEntrySpec {
  name: string;
  body?: Buffer | string;
  /** Unix mode, file type included (0o120777 is a symbolic link). */
  mode?: number;
  /** Stored without compression, so that a test can find and change its bytes. */
  store?: boolean;
}

/**
 * A zip of these entries, written with yazl. yazl refuses unsafe names, as a careful writer should,
 * so a name can be given as `[safe, unsafe]` of the same length: the bytes are swapped in afterwards,
 * as a hostile packager would write them.
 */
export async function zipOf(entries: readonly (ZipEntrySpec & { unsafeName?: string })[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.from(e.body ?? ''), e.name, { ...(e.mode === undefined ? {} : { mode: e.mode }), compress: !e.store });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  let bytes = Buffer.concat(chunks);
  for (const e of entries) {
    if (e.unsafeName === undefined) continue;
    if (Buffer.byteLength(e.unsafeName) !== Buffer.byteLength(e.name)) throw new Error('zipOf: an unsafe name must be as long as its stand-in');
    bytes = Buffer.from(bytes.toString('latin1').split(e.name).join(e.unsafeName), 'latin1');
  }
  return bytes;
}

/** One request the stand-in answered: its path, status and the bytes of body it sent. */
export interface ServedRequest {
  method: string;
  path: string;
  status: number;
  bytes: number;
}

/**
 * A static file server for `root` on 127.0.0.1, plus ways to misbehave under given path prefixes:
 * `hang` accepts the request and never answers; `gzip-encoded` sends files with Content-Encoding: gzip;
 * `cut` sends half a file and closes the connection; `stall` sends half a file and then nothing more,
 * keeping the connection open. Files carry an ETag (of their bytes) and Last-Modified, and a request
 * whose validators match is answered 304, as Apache and nginx do; `served` lists every answer.
 */
export async function serveRepository(
  root: string,
  misbehave: Record<string, 'hang' | 'gzip-encoded' | 'cut' | 'stall'> = {},
  /** Folder listings served instead of the real one, by path (a hostile server's links). */
  listings: Record<string, string> = {},
): Promise<{
  url: string;
  repository(name: string, path?: string): Repository;
  served: ServedRequest[];
  /** Requests for this path wait, unanswered, until `release` (`arrived` counts those waiting or let through). */
  hold(path: string): { arrived(): number; release(): void };
  close(): Promise<void>;
}> {
  const served: ServedRequest[] = [];
  const held = new Map<string, { count: number; gate: Promise<void>; open(): void }>();
  const server: Server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const gate = held.get(path);
    if (gate) {
      gate.count += 1;
      await gate.gate;
    }
    const rule = Object.entries(misbehave).find(([prefix]) => path.startsWith(prefix))?.[1];
    if (rule === 'hang') return;
    const method = request.method ?? 'GET';
    let body: Buffer;
    let modified: Date;
    let type = 'application/octet-stream';
    try {
      if (path.split('/').includes('..')) throw new Error('outside the root');
      const stat = statSync(join(root, path));
      if (stat.isDirectory() && !path.endsWith('/')) {
        served.push({ method, path, status: 301, bytes: 0 });
        response.writeHead(301, { location: `${path}/` }).end();
        return;
      }
      body = stat.isDirectory() ? Buffer.from(listings[path] ?? autoindexPage(path, join(root, path))) : readFileSync(join(root, path));
      modified = stat.mtime;
      if (stat.isDirectory()) type = 'text/html;charset=UTF-8';
    } catch {
      served.push({ method, path, status: 404, bytes: 9 });
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const validators = { etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`, 'last-modified': modified.toUTCString() };
    if (notModified(request.headers, validators.etag, modified)) {
      served.push({ method, path, status: 304, bytes: 0 });
      response.writeHead(304, validators).end();
      return;
    }
    served.push({ method, path, status: 200, bytes: method === 'HEAD' ? 0 : body.length });
    const headers: Record<string, string> = { ...validators, 'content-type': type, 'content-length': String(body.length) };
    if (rule === 'gzip-encoded') headers['content-encoding'] = 'gzip';
    response.writeHead(200, headers);
    if (rule === 'cut') response.write(body.subarray(0, body.length >> 1), () => response.destroy());
    else if (rule === 'stall') response.write(body.subarray(0, body.length >> 1));
    else response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    repository: (name, path = `/${CATALOGUE_DIR}`) => ({ name, catalogueUrl: `${url}${path}`, packageUrl: `${url}/pub/sword/packages/rawzip` }),
    served,
    hold(path) {
      let open = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      const entry = { count: 0, gate, open };
      held.set(path, entry);
      return {
        arrived: () => entry.count,
        release: () => {
          held.delete(path);
          entry.open();
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** RFC 9110 §13.2.2: If-None-Match decides when sent; If-Modified-Since only without it (whole seconds). */
function notModified(headers: IncomingHttpHeaders, etag: string, modified: Date): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) return ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/** The catalogue entry of a module Debian installed, from its conf in mods.d/. */
export function installedEntry(file: string): CatalogueEntry {
  const result = catalogueEntry(readConfFile(join(SYSTEM_SWORD, 'mods.d', file)), file);
  if (!('entry' in result)) throw new Error(result.skipped.reason);
  return result.entry;
}

/** The PackageError a promise fails with (the test fails when it does not fail so). */
export async function packageFailure(promise: Promise<unknown>): Promise<PackageError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PackageError);
  return error as PackageError;
}
