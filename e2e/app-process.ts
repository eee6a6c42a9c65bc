import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * The settings of a server a test file starts for itself (its own data folder under `root`): offline,
 * no samples, quiet, and behind the one proxy the tests play, as the shared server; `extra` adds to them.
 */
export function ownServerEnv(root: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: join(root, 'data'), SWORD_DISCOVERY: 'off', SAMPLE_CONTENT: 'off', LOG_LEVEL: 'warn', TRUST_PROXY: '1', ...extra };
}

/** Seeds the database of `env.DATA_DIR` (e2e/seed.ts: the default and fixture translations, the seeded accounts). */
export function seedDatabase(env: NodeJS.ProcessEnv): void {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'e2e/seed.ts')], { cwd: ROOT, env, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seeding the e2e database failed');
}

/** `npm start` as its own process on a free loopback port; resolves once it answers its health check. */
export async function startAppProcess(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop };
    } catch {
      /* starting */
    }
    if (server.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error('the app did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
