import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

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
  const dataDir = mkdtempSync(join(tmpdir(), 'selah-deploy-'));
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

/**
 * A shipped file of `deploy/` with a run's addresses: the same lines a self-hoster copies, only the
 * addresses differ. Each line to change must be there, or the run would use some other file.
 */
export function templatedDeployFile(file: string, replacements: [from: string, to: string][]): string {
  let text = readFileSync(join(ROOT, 'deploy', file), 'utf8');
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`deploy/${file} no longer has "${from}"`);
    text = text.replace(from, to);
  }
  return text;
}

/** A proxy started in front of app processes: where it listens, its process, and how to stop it. */
export interface Proxy {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Waits until the proxy answers anything at `/api/health` (it may be started before its upstreams). */
export async function proxyStarted(child: ChildProcess, url: string, log: () => string): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the proxy exited:\n${log()}`);
    try {
      await fetch(`${url}/api/health`);
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export function proxyStopper(child: ChildProcess, signal: NodeJS.Signals, prefix: string) {
  return async () => {
    if (child.exitCode === null) {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await ended;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
}

/**
 * deploy/nginx-selah.conf in front of one or two app processes (with one, the file's second `server`
 * line is commented out), in a main file of its own with everything nginx writes in a temporary prefix.
 */
export async function startNginxProxy(upstreams: [number] | [number, number], listen?: number): Promise<Proxy> {
  const nginx = findProgram('nginx');
  if (!nginx) throw new Error('nginx is not installed');
  listen ??= await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'selah-nginx-'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  for (const dir of temp) mkdirSync(join(prefix, 'tmp', dir), { recursive: true });
  const site = templatedDeployFile('nginx-selah.conf', [
    ['listen 80;', `listen 127.0.0.1:${listen};`],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${upstreams[0]} `],
    ['server 127.0.0.1:3002 ', upstreams[1] === undefined ? '# server 127.0.0.1:3002 ' : `server 127.0.0.1:${upstreams[1]} `],
  ]);
  writeFileSync(join(prefix, 'selah.conf'), site);
  const main = [
    // As root the workers would run as nobody, who may not write in this run's folder.
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    ...temp.map((dir) => `  ${dir}_temp_path ${prefix}/tmp/${dir};`),
    `  include ${prefix}/selah.conf;`,
    '}',
  ].join('\n');
  writeFileSync(join(prefix, 'nginx.conf'), main);
  const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf')];
  const checked = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx refused the site file:\n${checked.stderr}`);
  const child = spawn(nginx, args, { stdio: 'ignore' });
  const url = `http://127.0.0.1:${listen}`;
  await proxyStarted(child, url, () => readFileSync(join(prefix, 'error.log'), 'utf8'));
  return { url, child, stop: proxyStopper(child, 'SIGQUIT', prefix) };
}
