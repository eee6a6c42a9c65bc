import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { newDataFolder } from './prepared-databases.ts';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

/** A free loopback port (the system picks it; another test's server may have the one guessed). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string | null>;
}

/**
 * `server/src/main.ts` as its own process, as `npm start` runs it but without the web app's build (pages
 * are not what these tests look at), on a data folder of its own (the run's prepared database on PGlite) and a free port.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = newDataFolder('selah-process-', env);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      SWORD_DISCOVERY: 'off',
      SAMPLE_CONTENT: 'off',
      AI_DISCOVER_PORTS: 'off',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? signal);
    }),
  );
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until the process answers `/api/health`, or fails with what it printed when it exits first. */
export async function waitUntilUp(server: ServerProcess, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < until) {
    if (gone) throw new Error(`the server exited before it was up:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server was not up within ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * A new, empty PostgreSQL database beside TEST_DATABASE_URL's (named after it), dropped by `drop()`:
 * for tests of what happens on a site's very first start.
 */
export async function freshDatabase(suffix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const given = new URL(process.env.TEST_DATABASE_URL!);
  const name = `${given.pathname.slice(1)}_${suffix}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: given.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(given);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
