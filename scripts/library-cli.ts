/**
 * `npm run bible -- library …`: the admin panel's Library for admins without a browser (issue 30 §1).
 *   list [--repository NAME]          module, type, language, version, size, licence
 *   install MODULE [--repository NAME]
 *   remove MODULE
 *   update                            every installed module a repository has a newer version of
 * It works while the server runs. On PostgreSQL it works in the database directly, as the server does;
 * the running servers pick the change up within seconds. The embedded database belongs to the server
 * that opened it, so then the CLI asks that server over its control socket; with no server running it
 * opens the data folder itself.
 */
import { existsSync } from 'node:fs';
import type { LibraryJob, LibraryModule } from '../common/src/contracts/library.ts';
import type { AppConfig } from '../server/src/config.ts';
import { openDatabase, type Database } from '../server/src/db/client.ts';
import { askServer, controlSocketPath } from '../server/src/modules/library/library-control.ts';
import { openLibrary, type OpenedLibrary } from '../server/src/modules/library/open-library.ts';
import { LibraryRepository } from '../server/src/modules/library/library.repository.ts';
import { TranslationRepository } from '../server/src/scripture/store/translation.repository.ts';
import { AppError } from '../server/src/lib/errors.ts';

export const LIBRARY_USAGE = `  npm run bible -- library list [--repository NAME]
  npm run bible -- library install MODULE [--repository NAME]
  npm run bible -- library remove MODULE
  npm run bible -- library update`;

/** What the CLI needs of the library, whether it works in the database itself or through the server. */
interface LibraryAccess {
  modules(repository?: string): Promise<LibraryModule[]>;
  /** Reads the catalogues not read for a day, or every one when `force`; answers each repository's state. */
  refresh(force: boolean): Promise<{ name: string; error: string | null }[]>;
  request(action: 'install' | 'remove' | 'update', module: string, repository?: string): Promise<LibraryJob>;
  updates(): Promise<LibraryJob[]>;
  /** Runs (in this process) or waits for (on the server) the job until it ends, printing progress. */
  follow(job: LibraryJob): Promise<LibraryJob>;
  close(): Promise<void>;
}

type Print = (line: string) => void;

export async function runLibraryCommand(args: string[], options: { repository?: string }, config: AppConfig, out: Print, err: Print): Promise<number> {
  const [command, target] = args;
  if (!command || !['list', 'install', 'remove', 'update'].includes(command)) {
    err(`${command ? `unknown library command "${command}"` : 'library needs a command'}\n\nUsage:\n${LIBRARY_USAGE}`);
    return 2;
  }
  if ((command === 'install' || command === 'remove') && !target) {
    err(`library ${command} needs a module name\n\nUsage:\n${LIBRARY_USAGE}`);
    return 2;
  }
  const library = await openAccess(config);
  try {
    if (command === 'list') {
      const repositories = await library.refresh(false);
      const chosen = options.repository && repositories.find((r) => r.name.toLowerCase() === options.repository!.toLowerCase());
      if (options.repository && !chosen) {
        err(`There is no repository called ${options.repository}.`);
        return 1;
      }
      for (const failure of (chosen ? [chosen] : repositories).filter((r) => r.error)) err(`warning: ${failure.error}`);
      const modules = await library.modules(options.repository);
      if (modules.length === 0) out('No modules: no repository could be read (see the warnings above).');
      for (const m of modules) out(listLine(m));
      return 0;
    }
    // An update asks what is newest now; an install or removal makes do with catalogues read today.
    const repositories = await library.refresh(command === 'update');
    if (command === 'update') for (const failure of repositories.filter((r) => r.error)) err(`warning: ${failure.error}`);
    const jobs = command === 'update' ? await library.updates() : [await library.request(command as 'install' | 'remove', target!, options.repository)];
    if (jobs.length === 0) out('Every installed module is the newest version its repository offers.');
    let failed = 0;
    for (const job of jobs) {
      const end = await library.follow(job);
      clearProgress();
      (end.state === 'done' ? out : err)(end.message ?? `${end.action} ${end.module}: ${end.state}`);
      if (end.state !== 'done') failed++;
    }
    return failed ? 1 : 0;
  } catch (error) {
    if (error instanceof AppError) {
      err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await library.close();
  }
}

function listLine(m: LibraryModule): string {
  const size = m.installSize === null ? '?' : `${(m.installSize / 2 ** 20).toFixed(1)} MB`;
  const licence = m.locked
    ? 'locked'
    : !m.licence.installable
      ? `not installable (${m.licence.text ?? 'no licence'})`
      : `${m.licence.text}${m.licence.nonCommercial ? ' (non-commercial)' : ''}`;
  const state = m.installedVersion ? (m.updateAvailable ? `installed ${m.installedVersion}, update available` : 'installed') : '';
  return [m.name.padEnd(16), m.kind.padEnd(13), m.language.padEnd(8), m.version.padEnd(8), size.padStart(8), ` ${licence}`, state && ` [${state}]`]
    .join(' ')
    .trimEnd();
}

async function openAccess(config: AppConfig): Promise<LibraryAccess> {
  const socket = controlSocketPath(config.dataDir);
  if (!config.databaseUrl && existsSync(socket)) {
    try {
      await askServer(socket, 'GET', '/repositories');
      return throughServer(socket);
    } catch {
      // A socket left by a server that stopped: the data folder is free, work in it directly.
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const quiet = { info: () => {}, warn: () => {} };
  return inDatabase(
    database,
    await openLibrary({
      repo: new LibraryRepository(database.db),
      translations: new TranslationRepository(database.db),
      dataDir: config.dataDir,
      seed: config.swordRepositories,
      log: quiet,
    }),
  );
}

function inDatabase(database: Database, library: OpenedLibrary): LibraryAccess {
  return {
    modules: (repository) => library.service.listAll('en', repository),
    refresh: (force) => library.service.refresh({ force }),
    request: (action, module, repository) => library.service.request({ action, module, repository }, null),
    updates: () => library.service.requestUpdates(null),
    async follow(job) {
      // A read still under way when the job ends must not outlive the database as an unhandled rejection.
      const progress = setInterval(() => void library.service.job(Number(job.id)).then(showProgress, () => {}), 250);
      try {
        // Runs here unless a server took it first; then this waits for the server to finish it.
        await library.jobs.runNext(Number(job.id));
        return await waitFor(() => library.service.job(Number(job.id)));
      } finally {
        clearInterval(progress);
      }
    },
    close: async () => {
      await library.close();
      await database.close();
    },
  };
}

function throughServer(socket: string): LibraryAccess {
  const ask = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const answer = await askServer<T & { message?: string }>(socket, method, url, body);
    if (answer.status >= 400) throw new AppError(answer.status, answer.body.message ?? `The server answered ${answer.status}.`);
    return answer.body;
  };
  return {
    modules: async (repository) =>
      (await ask<{ modules: LibraryModule[] }>('GET', `/modules${repository ? `?repository=${encodeURIComponent(repository)}` : ''}`)).modules,
    refresh: async (force) => (await ask<{ repositories: { name: string; error: string | null }[] }>('POST', '/refresh', { force })).repositories,
    request: (action, module, repository) => ask<LibraryJob>('POST', '/jobs', { action, module, ...(repository && { repository }) }),
    updates: async () => (await ask<{ jobs: LibraryJob[] }>('POST', '/updates', {})).jobs,
    follow: (job) => waitFor(() => ask<LibraryJob>('GET', `/jobs/${job.id}`), showProgress),
    close: async () => {},
  };
}

const FINISHED = new Set(['done', 'failed', 'cancelled']);

async function waitFor(read: () => Promise<LibraryJob>, each?: (job: LibraryJob) => void): Promise<LibraryJob> {
  for (;;) {
    const job = await read();
    if (FINISHED.has(job.state)) return job;
    each?.(job);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Progress is for a person watching: on a terminal only, one line rewritten in place; scripts get the outcome alone. */
let lastShown = '';
function showProgress(job: LibraryJob): void {
  if (job.state !== 'running' || job.percent === null || !process.stderr.isTTY) return;
  const line = `${job.module}: ${job.percent}% (${job.bytesDone.toLocaleString('en')} of ${job.bytesTotal?.toLocaleString('en')} bytes)`;
  if (line !== lastShown) process.stderr.write(`\r\x1b[K${line}`);
  lastShown = line;
}

function clearProgress(): void {
  if (lastShown) process.stderr.write('\r\x1b[K');
  lastShown = '';
}
