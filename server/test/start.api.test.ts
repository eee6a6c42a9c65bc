import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSharedTestDatabase } from './test-app.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const START = join(ROOT, 'scripts/start.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'selah-start-'));
// With TEST_DATABASE_URL (CI's PostgreSQL run) the same start runs on PostgreSQL through DATABASE_URL.
const databaseEnv: Record<string, string> = process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};
const onPglite = !process.env.TEST_DATABASE_URL;

function startServer(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [START], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SWORD_DISCOVERY: 'off', ...databaseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 90_000): Promise<unknown> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

describe(`npm start on ${onPglite ? 'PGlite' : 'PostgreSQL'}`, () => {
  beforeAll(resetSharedTestDatabase);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('imports KJV, WEB and ASV into an embedded database on first start, serves the API and the web app', async () => {
    const port = 39_000 + Math.floor(Math.random() * 1000);
    const server = startServer(port);
    try {
      expect(await waitForHealth(port)).toEqual({ status: 'ok', translations: 3, copying: 0 });
      const chapter = (await (await fetch(`http://127.0.0.1:${port}/api/bible/content/John/11?translation=WEB`)).json()) as { verses: { text: string }[] };
      expect(chapter.verses[34]?.text).toBe('Jesus wept.');
      const page = await fetch(`http://127.0.0.1:${port}/bible?book=John&chapter=3`);
      expect(page.headers.get('content-type')).toContain('text/html');
      // Rendered on the server: the chapter itself is in the page.
      expect(await page.text()).toContain('For God so loved the world');

      // A second server on the same data folder is refused with one clear line, not a corrupted database.
      if (onPglite) {
        const second = spawnSync(process.execPath, [START], {
          cwd: ROOT,
          env: { ...process.env, PORT: String(port + 1), DATA_DIR: dataDir, SWORD_DISCOVERY: 'off' },
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(second.status).toBe(1);
        expect(second.stderr.trim()).toMatch(/^Selah could not start: the data folder is in use by another Selah process/);
      }
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }

    // Restarting keeps the imported translations: nothing is imported again.
    const again = startServer(port);
    try {
      expect(await waitForHealth(port)).toEqual({ status: 'ok', translations: 3, copying: 0 });
      expect(again.output()).not.toContain('imported KJV');
    } finally {
      again.child.kill('SIGTERM');
      await new Promise((r) => again.child.once('exit', r));
    }
  });

  it('stops with one clear line on a bad setting', () => {
    for (const [env, message] of [
      [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")'],
      [{ DATABASE_URL: 'mysql://db' }, 'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://db")'],
      [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    ] as const) {
      const run = spawnSync(process.execPath, [START], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(message);
    }
  });
});
