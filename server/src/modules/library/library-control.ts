import { chmodSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { z } from 'zod';
import { jobInput, refreshInput } from '#common/contracts/library.ts';
import { AppError } from '../../lib/errors.ts';
import type { LibraryJobRunner } from './library-jobs.ts';
import type { LibraryLog, LibraryService } from './library.service.ts';

/** Unix socket paths are limited to about 100 bytes; a data folder deeper than that gets no socket. */
const MAX_SOCKET_PATH = 100;
const MAX_BODY = 16 * 1024;

/** The panel's refresh, and the CLI's `update`, which reads every catalogue again whatever its age. */
const controlRefreshInput = refreshInput.extend({ force: z.boolean().optional() });

/** Where a server on the embedded database listens for the CLI's library commands. */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'library.sock');

/**
 * The embedded database can be opened by one process only, so `npm run bible -- library …` cannot reach
 * it while the server runs. The server then answers the CLI on a Unix socket in its data folder, which
 * only the data folder's owner can open (mode 0600): the same people who could edit the database files.
 * It speaks JSON over HTTP and does only what the CLI offers.
 */
export async function startLibraryControl(
  path: string,
  library: LibraryService,
  jobs: LibraryJobRunner,
  log: LibraryLog,
): Promise<{ close(): Promise<void> } | undefined> {
  if (path.length > MAX_SOCKET_PATH) {
    log.warn({}, `library: the data folder's path is too long for a control socket; stop the server to use the library CLI`);
    return undefined;
  }
  rmSync(path, { force: true }); // left by a process that did not close
  const server = createServer((req, res) => void answer(req, res, library, jobs));
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
    chmodSync(path, 0o600);
  } catch (error) {
    log.warn({}, `library: no control socket (${(error as Error).message}); stop the server to use the library CLI`);
    return undefined;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        });
      }),
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, library: LibraryService, jobs: LibraryJobRunner): Promise<void> {
  const send = (status: number, body: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  try {
    const url = new URL(req.url ?? '/', 'http://selah.local');
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const job = /^\/jobs\/(\d{1,18})$/.exec(url.pathname);
    if (req.method === 'GET' && url.pathname === '/modules')
      return send(200, { modules: await library.listAll('en', url.searchParams.get('repository') ?? undefined) });
    if (req.method === 'GET' && url.pathname === '/repositories') return send(200, { repositories: await library.repositories() });
    if (req.method === 'POST' && url.pathname === '/refresh') {
      const input = controlRefreshInput.parse(body ?? {});
      return send(200, { repositories: await library.refresh({ repository: input.repository, force: input.force ?? !!input.repository }) });
    }
    if (req.method === 'POST' && url.pathname === '/jobs') {
      const queued = await library.request(jobInput.parse(body), null);
      void jobs.drain();
      return send(202, queued);
    }
    if (req.method === 'POST' && url.pathname === '/updates') {
      const queued = await library.requestUpdates(null);
      void jobs.drain();
      return send(202, { jobs: queued });
    }
    if (req.method === 'GET' && job) return send(200, await library.job(Number(job[1])));
    return send(404, { message: 'Not a library command.' });
  } catch (error) {
    if (error instanceof AppError) return send(error.statusCode, { message: error.message });
    if (error instanceof SyntaxError) return send(400, { message: 'The command is not JSON.' });
    const issues = (error as { issues?: { message: string }[] }).issues;
    if (issues) return send(400, { message: issues.map((i) => i.message).join(' ') });
    return send(500, { message: (error as Error).message });
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new AppError(413, 'The command is too long.');
    chunks.push(chunk as Buffer);
  }
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
}

/** The CLI's side: one JSON request to the server's control socket. */
export function askServer<T>(path: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    // No keep-alive: a connection the server closed while busy (a Bible's import) would reset the next command.
    const req = request({ socketPath: path, method, path: url, agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 500, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T });
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
