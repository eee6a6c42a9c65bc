import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSharedTestDatabase } from '../server/test/test-app.ts';
import { newDataFolder } from '../server/test/prepared-databases.ts';
import { installedConfs, modulePackage, serveRepository, writeStandInCatalogue, writeStandInPackage } from '../server/src/scripture/library/testing.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const databaseUrl = process.env.TEST_DATABASE_URL;
const dataDir = newDataFolder('selah-library-cli-', { DATABASE_URL: databaseUrl });
const standIn = mkdtempSync(join(tmpdir(), 'selah-library-stand-in-'));
const other = mkdtempSync(join(tmpdir(), 'selah-library-other-'));

/** Debian's Reina-Valera at `version`, and beside it a module with a refused licence and a locked one. */
function standInConfs(version: string): { file: string; bytes: Buffer }[] {
  const confs = installedConfs().filter((c) => /^(spaRV1909eb|mhcc)\.conf$/.test(c.file));
  const rv = confs.find((c) => c.file === 'spaRV1909eb.conf')!.bytes.toString('utf8');
  return [
    ...confs.filter((c) => c.file !== 'spaRV1909eb.conf'),
    { file: 'spaRV1909eb.conf', bytes: Buffer.from(withVersion(rv, version)) },
    {
      file: 'closed.conf',
      bytes: Buffer.from(rv.replace('[spaRV1909eb]', '[Closed]').replace(/^DistributionLicense=.*$/m, 'DistributionLicense=Copyrighted')),
    },
    { file: 'locked.conf', bytes: Buffer.from(rv.replace('[spaRV1909eb]', '[Locked]').replace('ModDrv=zText', 'ModDrv=zText\nCipherKey=')) },
  ];
}
const withVersion = (conf: string, version: string) => conf.replace(/^Version=.*$/m, `Version=${version}`);

async function publishReinaValera(version: string): Promise<void> {
  await writeStandInCatalogue(standIn, standInConfs(version));
  await writeStandInPackage(standIn, 'spaRV1909eb.zip', await modulePackage('spaRV1909eb', (t) => withVersion(t, version)));
}

let env: NodeJS.ProcessEnv;

/** Runs `npm run bible -- …` as a person would. Asynchronous: the stand-in repository answers from this process. */
function bible(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bible.ts'), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout: stdout.trim(), stderr: stderr.trim() });
    });
  });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Waits for a condition, however long a busy machine takes, up to a limit. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > end) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One raw request to the server's control socket, as anything on the machine could send it. */
function control(method: string, path: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: join(dataDir, 'library.sock'), method, path }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const LIST = {
  mhcc: 'MHCC             commentary    en       2.0        3.9 MB  Public Domain',
  rv: (version: string, state = '') => `spaRV1909eb      bible         es       ${version.padEnd(8)}   2.8 MB  Public Domain${state}`,
  closed: 'Closed           bible         es       2.60       2.8 MB  not installable (Copyrighted)',
  locked: 'Locked           bible         es       2.60       2.8 MB  locked',
  web: 'engWEB2015eb     bible         en       426.0      4.1 MB  Public Domain',
};

describe(`npm run bible -- library on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  let sites: Awaited<ReturnType<typeof serveRepository>>[] = [];
  let gone: string;

  beforeAll(async () => {
    await resetSharedTestDatabase();
    await publishReinaValera('2.60');
    await writeStandInCatalogue(
      other,
      installedConfs().filter((c) => c.file === 'engWEB2015eb.conf'),
    );
    sites = [await serveRepository(standIn), await serveRepository(other)];
    const [main, second] = sites.map((s, i) => s.repository(i ? 'Other' : 'Stand-in'));
    gone = `${sites[0]!.url}/nothing/here`;
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      SWORD_DISCOVERY: 'off',
      SAMPLE_CONTENT: 'off',
      SWORD_REPOSITORIES: `Stand-in=${main!.catalogueUrl}|${main!.packageUrl},Other=${second!.catalogueUrl},Gone=${gone}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
  }, 120_000);

  afterAll(async () => {
    for (const site of sites) await site.close();
    for (const dir of [dataDir, standIn, other]) rmSync(dir, { recursive: true, force: true });
  });

  // Usage and listing do the same on either database: once is enough (the suite's time matters).
  it.skipIf(databaseUrl)(
    'explains its usage with exit code 2',
    async () => {
      expect(await bible('library')).toMatchObject({
        status: 2,
        stdout: '',
        stderr: expect.stringMatching(/^library needs a command\n\nUsage:\n {2}npm run bible -- library list/),
      });
      expect(await bible('library', 'frob')).toMatchObject({ status: 2, stderr: expect.stringMatching(/^unknown library command "frob"\n/) });
      expect(await bible('library', 'install')).toMatchObject({ status: 2, stderr: expect.stringMatching(/^library install needs a module name\n/) });
      expect(await bible('library', 'remove')).toMatchObject({ status: 2, stderr: expect.stringMatching(/^library remove needs a module name\n/) });
    },
    120_000,
  );

  it('lists every module of the repositories it can read, and warns of the one it cannot', async () => {
    const all = await bible('library', 'list');
    expect(all.stdout.split('\n')).toEqual([LIST.closed, LIST.locked, LIST.mhcc, LIST.rv('2.60'), LIST.web]);
    expect(all.stderr).toBe(`warning: Gone: the repository has no mods.d.tar.gz (HTTP 404) (${gone}/mods.d.tar.gz)`);
    expect(all.status).toBe(0);

    const one = await bible('library', 'list', '--repository', 'other');
    expect(one.stdout).toBe(LIST.web);
    expect(one.status).toBe(0);
    expect(await bible('library', 'list', '--repository', 'Elsewhere')).toMatchObject({
      status: 1,
      stdout: '',
      stderr: 'There is no repository called Elsewhere.',
    });
  }, 120_000);

  // What it refuses before anything is stored reads no database: once is enough.
  it.skipIf(databaseUrl)(
    'refuses a module no repository lists, one its licence keeps out, and a locked one',
    async () => {
      expect(await bible('library', 'install', 'Nothing')).toEqual({ status: 1, stdout: '', stderr: 'No repository lists a module called Nothing.' });
      expect(await bible('library', 'install', 'mhcc', '--repository', 'Other')).toEqual({
        status: 1,
        stdout: '',
        stderr: 'Other does not list a module called mhcc.',
      });
      const closed = await bible('library', 'install', 'Closed');
      expect(closed).toMatchObject({ status: 1, stdout: '' });
      expect(closed.stderr).toMatch(/^Closed cannot be installed: .+/);
      expect(await bible('library', 'install', 'Locked')).toEqual({
        status: 1,
        stdout: '',
        stderr: 'Locked is locked (enciphered): it can only be read with a key its publisher sells, so Selah does not install it.',
      });
    },
    120_000,
  );

  it('installs and removes a Bible with no server running, and refuses it twice', async () => {
    // stderr is not a terminal here: no progress, only the outcome.
    expect(await bible('library', 'install', 'spaRV1909eb')).toEqual({
      status: 0,
      stdout: 'Installed spaRV1909eb 2.60: Reina Valera 1909 (RV1909), 31,084 verses.',
      stderr: '',
    });
    expect((await bible('list')).stdout).toContain('RV1909     Reina Valera 1909 — Spanish, International, 31084 verses, from sword:spaRV1909eb');
    expect((await bible('library', 'list', '--repository', 'Stand-in')).stdout.split('\n')).toContain(LIST.rv('2.60', '  [installed]'));

    expect(await bible('library', 'install', 'spaRV1909eb')).toEqual({ status: 1, stdout: '', stderr: 'spaRV1909eb 2.60 is already installed.' });

    expect(await bible('library', 'remove', 'spaRV1909eb')).toEqual({ status: 0, stdout: 'Removed spaRV1909eb.', stderr: '' });
    expect((await bible('list')).stdout).not.toContain('RV1909');
    expect(await bible('library', 'remove', 'spaRV1909eb')).toEqual({ status: 1, stdout: '', stderr: 'spaRV1909eb is not installed.' });
  }, 300_000);

  it('installs and removes through the running server, which serves the change without a restart', async () => {
    const port = await freePort();
    const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/src/main.ts')], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    const chapter = () => fetch(`http://127.0.0.1:${port}/api/bible/content/John/3?translation=RV1909`);
    try {
      await until(
        () => fetch(`http://127.0.0.1:${port}/api/health`),
        (r) => r.ok,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${output}`);
      });
      expect((await chapter()).status).toBe(404);

      if (!databaseUrl) {
        // The embedded database is the server's: the CLI can only have gone through its socket.
        expect(await control('POST', '/jobs', '{"action":')).toEqual({ status: 400, body: '{"message":"The command is not JSON."}' });
        expect(await control('POST', '/jobs', '{"action":"frob","module":"x"}')).toMatchObject({ status: 400 });
        await control('POST', '/jobs', 'x'.repeat(100_000)).catch(() => undefined); // refused: 413, or the connection cut
        expect(await control('POST', '/refresh', 'null')).toMatchObject({ status: 200 });
        expect(await control('GET', '/../etc/passwd')).toEqual({ status: 404, body: '{"message":"Not a library command."}' });
        expect(await control('DELETE', '/jobs/1')).toMatchObject({ status: 404 });
        expect(await control('GET', '/jobs/99999999999999999999')).toMatchObject({ status: 404 });
        expect(await control('GET', '/modules?repository=%zz')).toEqual({ status: 200, body: '{"modules":[]}' });
      }

      const installed = await bible('library', 'install', 'spaRV1909eb');
      expect(installed, output).toEqual({ status: 0, stdout: 'Installed spaRV1909eb 2.60: Reina Valera 1909 (RV1909), 31,084 verses.', stderr: '' });
      const served = await until(chapter, (r) => r.status === 200);
      expect(((await served.json()) as { verses: { verse: number; text: string }[] }).verses.find((v) => v.verse === 16)?.text).toMatch(
        /^Porque de tal manera amó Dios al mundo/,
      );

      expect(await bible('library', 'remove', 'spaRV1909eb')).toEqual({ status: 0, stdout: 'Removed spaRV1909eb.', stderr: '' });
      expect((await until(chapter, (r) => r.status === 404, 30_000)).status).toBe(404);
      expect(server.exitCode).toBeNull();
    } finally {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    }
  }, 300_000);

  it('updates what a repository has a newer version of, and says when nothing is newer', async () => {
    expect((await bible('library', 'install', 'spaRV1909eb')).status).toBe(0);
    expect(await bible('library', 'update')).toEqual({
      status: 0,
      stdout: 'Every installed module is the newest version its repository offers.',
      stderr: expect.stringMatching(/^warning: Gone: /),
    });

    await publishReinaValera('2.61');
    expect(await bible('library', 'update')).toEqual({
      status: 0,
      stdout: 'Updated spaRV1909eb from 2.60 to 2.61: Reina Valera 1909 (RV1909), 31,084 verses.',
      stderr: expect.stringMatching(/^warning: Gone: /),
    });
    expect((await bible('library', 'list', '--repository', 'Stand-in')).stdout.split('\n')).toContain(LIST.rv('2.61', '  [installed]'));
    expect((await bible('list')).stdout).toContain('RV1909     Reina Valera 1909 — Spanish, International, 31084 verses, from sword:spaRV1909eb');
    expect(await bible('library', 'update')).toEqual({
      status: 0,
      stdout: 'Every installed module is the newest version its repository offers.',
      stderr: expect.stringMatching(/^warning: Gone: /),
    });
  }, 300_000);
});
