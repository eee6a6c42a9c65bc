import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { newDataFolder } from './prepared-databases.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

/** A program found on PATH or in the system folders (nginx is in /usr/sbin, often not on a user's PATH). */
export function findProgram(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const folder of folders.filter(Boolean)) {
    try {
      accessSync(join(folder, name), constants.X_OK);
      return join(folder, name);
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A port free on the loopback address now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** One app process started as a self-hoster starts it (`npm start`), with its output kept. */
export interface AppProcess {
  port: number;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `npm start` on `port` with its own data folder; resolves once it answers /api/health. */
export async function startAppProcess(port: number, env: Record<string, string>): Promise<AppProcess> {
  const dataDir = newDataFolder('selah-deploy-', env);
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SWORD_DISCOVERY: 'off', SAMPLE_CONTENT: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const app: AppProcess = {
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const until = Date.now() + 150_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app process on port ${port} exited:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return app;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await app.stop();
  throw new Error(`the app process on port ${port} did not answer in time:\n${output}`);
}

/** A reply read over node:http: its status, headers and body as it arrives. */
export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
  text(): Promise<string>;
}

/**
 * An HTTP request from a chosen loopback address (127.0.0.2 is this machine too): a second client, as
 * a proxy tells the app, with its own per-address limits.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers, localAddress, agent: false }, (res) => {
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: res,
        text: async () => {
          let text = '';
          for await (const chunk of res) text += chunk;
          return text;
        },
      });
    });
    req.once('error', reject);
    req.end(options.body);
  });
}
