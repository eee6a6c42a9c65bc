import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = new URL('..', import.meta.url).pathname;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Folder where the loopback SMTP server drops each message it receives, one .eml file each. */
    inboxDir: string;
  }
}

/** A real SMTP server on loopback for the app's account mail; tests read what it writes. */
async function startSmtpDrop(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        writeFileSync(join(dir, `${Date.now()}-${n++}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real app for the browser tests: the built web app, a fresh embedded database with KJV,
 * WEB and small fixture translations (one lacking most books; enough in all to compare nine).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(ROOT, 'dist/web/index.html'))) {
    const built = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('building the web app failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'selah-e2e-'));
  const inboxDir = join(dataDir, 'inbox');
  const smtp = await startSmtpDrop(inboxDir);
  const env = { ...process.env, DATA_DIR: dataDir, SWORD_DISCOVERY: 'off', LOG_LEVEL: 'warn', SMTP_URL: smtp.url };
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'e2e/seed.ts')], { cwd: ROOT, env, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seeding the e2e database failed');

  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > until) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('inboxDir', inboxDir);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
