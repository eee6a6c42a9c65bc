import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProgram, freePort } from './deploy-processes.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
export const NGINX = findProgram('nginx');
export const CADDY = findProgram('caddy');

/** The shipped file with a test's addresses: the same lines a self-hoster copies, only the addresses differ. */
export function templated(file: string, replacements: [from: string, to: string][]): string {
  let text = readFileSync(join(ROOT, 'deploy', file), 'utf8');
  for (const [from, to] of replacements) {
    // Each line a test changes must be there, or it would test some other file.
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

async function started(child: ChildProcess, url: string, log: () => string): Promise<void> {
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

function stopper(child: ChildProcess, signal: NodeJS.Signals, prefix: string) {
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
 * line is commented out), in a main file of its own, everything nginx writes kept in a temporary prefix.
 * `listen` is the port to listen on (a free one when not given: a test that must name the site's
 * address to the app processes before they start picks it first).
 */
export async function startNginx(upstreams: [number] | [number, number], listen?: number): Promise<Proxy> {
  listen ??= await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'selah-nginx-'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  for (const dir of temp) mkdirSync(join(prefix, 'tmp', dir), { recursive: true });
  const site = templated('nginx-selah.conf', [
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
    'events { worker_connections 2048; }',
    'http {',
    '  access_log off;',
    ...temp.map((dir) => `  ${dir}_temp_path ${prefix}/tmp/${dir};`),
    `  include ${prefix}/selah.conf;`,
    '}',
  ].join('\n');
  writeFileSync(join(prefix, 'nginx.conf'), main);
  const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf')];
  const checked = spawnSync(NGINX!, ['-t', ...args], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx refused the site file:\n${checked.stderr}`);
  const child = spawn(NGINX!, args, { stdio: 'ignore' });
  const url = `http://127.0.0.1:${listen}`;
  await started(child, url, () => readFileSync(join(prefix, 'error.log'), 'utf8'));
  return { url, child, stop: stopper(child, 'SIGQUIT', prefix) };
}

/**
 * deploy/Caddyfile with the site served over plain http on a test port (no certificate to get), no admin
 * endpoint. Caddy's warnings on validating are returned: the shipped file should have none.
 */
export async function startCaddy(upstreams: [number, number]): Promise<Proxy & { warnings: string }> {
  const listen = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'selah-caddy-'));
  const site = templated('Caddyfile', [
    ['bible.example.org {', `{\n\tadmin off\n}\n\nhttp://127.0.0.1:${listen} {`],
    ['reverse_proxy 127.0.0.1:3001 127.0.0.1:3002 {', `reverse_proxy 127.0.0.1:${upstreams[0]} 127.0.0.1:${upstreams[1]} {`],
  ]);
  writeFileSync(join(prefix, 'Caddyfile'), site);
  const env = { ...process.env, HOME: prefix, XDG_DATA_HOME: join(prefix, 'data'), XDG_CONFIG_HOME: join(prefix, 'config') };
  const checked = spawnSync(CADDY!, ['validate', '--config', join(prefix, 'Caddyfile'), '--adapter', 'caddyfile'], { encoding: 'utf8', env });
  if (checked.status !== 0) throw new Error(`caddy refused the Caddyfile:\n${checked.stderr}`);
  let log = '';
  const child = spawn(CADDY!, ['run', '--config', join(prefix, 'Caddyfile'), '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${listen}`;
  await started(child, url, () => log);
  const warnings = String(checked.stderr)
    .split('\n')
    .filter((line) => line.includes('"level":"warn"'))
    .join('\n');
  return { url, child, warnings, stop: stopper(child, 'SIGTERM', prefix) };
}
