/**
 * What the load benchmarks share: wrk (a native load generator) and two references serving the same
 * bytes on this machine in the same run — nginx from a file and a bare node:http server from a buffer —
 * so a figure is read against what the machine can do, not against nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request, type Agent } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A process's resident memory now, in MB (Linux). */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

export async function waitFor(url: string, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * Selah started as `npm start` would (the built app, its own data folder) on a free loopback port, and
 * its address once it answers. `env` adds to or overrides the environment.
 */
export async function startSelah(dataDir: string, env: Record<string, string> = {}): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const root = new URL('..', import.meta.url).pathname;
  const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  return { base, server };
}

/**
 * A reply as it goes over the wire: its bytes (fetch would decompress them) and the headers that
 * matter; a GET unless `write` gives another method and its body. Each phase passes its own keep-alive agent: a connection left idle through a long load run
 * may have been closed by the server by the time it would be used again.
 */
export function rawReply(
  url: string,
  headers: Record<string, string>,
  agent?: Agent,
  write?: { method: string; body: string },
): Promise<{ status: number; body: Buffer; type: string; encoding?: string }> {
  return new Promise((resolve, reject) => {
    request(url, { method: write?.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          type: String(res.headers['content-type']),
          encoding: res.headers['content-encoding'],
        }),
      );
    })
      .on('error', reject)
      .end(write?.body);
  });
}

export function requireWrk(): string {
  const find = () => spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).stdout.trim();
  if (!find()) {
    console.log('installing wrk (Debian package)…');
    spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk nginx'], {
      stdio: 'inherit',
    });
  }
  const wrk = find();
  if (!wrk) throw new Error('wrk is needed: apt-get install wrk');
  return wrk;
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests completed in the run. */
  requests: number;
  /** Requests sent of each kind, when the Lua script prints them as a line `sent by kind: 12 34 …`. */
  sentByKind?: number[];
}

const toMs = (value: string) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
};

const wrkArgs = (url: string, headers: Record<string, string>, seconds: number, connections: number, script?: string) => [
  '-t1',
  `-c${connections}`,
  `-d${seconds}s`,
  '--latency',
  ...(script ? ['-s', script] : []),
  ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
  url,
];

function parseWrk(out: string): Load {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const percentile = (p: string) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  // "Socket errors: connect 0, read 0, write 0, timeout 12": every kind counts (a timeout is a request wrk gave up on).
  const socketErrors = (/Socket errors:(.*)/.exec(out)?.[1]?.match(/\d+/g) ?? []).reduce((sum, n) => sum + Number(n), 0);
  const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) + socketErrors;
  const sent = /^sent by kind:((?: \d+)+)$/m.exec(out)?.[1];
  return {
    rps,
    p50: percentile('50'),
    p99: percentile('99'),
    errors,
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN),
    ...(sent && { sentByKind: sent.trim().split(' ').map(Number) }),
  };
}

/** One wrk run: one thread (the server gets the other core), `connections` connections; `script` a Lua file. */
export function wrk(bin: string, url: string, headers: Record<string, string>, seconds: number, connections: number, script?: string): Load {
  const run = spawnSync(bin, wrkArgs(url, headers, seconds, connections, script), { encoding: 'utf8' });
  // A script wrk cannot load is reported on stderr, and wrk then runs without it: a run of something else.
  if (script && run.stderr.includes(script)) throw new Error(`wrk could not run ${script}:\n${run.stderr}`);
  return parseWrk(run.stdout);
}

/** The same run, leaving this process free meanwhile: for servers it hosts or requests it makes during the run. */
export function wrkAsync(bin: string, url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    const run = spawn(bin, wrkArgs(url, headers, seconds, connections), { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    run.stdout.on('data', (c: Buffer) => (out += c.toString()));
    run.on('error', reject);
    run.on('close', () => resolve(parseWrk(out)));
  });
}

export function startNginx(dir: string, port: number, files: { file: string; type: string; encoding?: string }[]): ChildProcess {
  const nginx = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (!nginx) throw new Error('nginx is needed: apt-get install nginx');
  const locations = files
    .map((f) => `location = /${f.file} { default_type "${f.type}"; ${f.encoding ? `add_header Content-Encoding ${f.encoding};` : ''} }`)
    .join('\n    ');
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${dir}/www;
    ${locations}
  } }`,
  );
  return spawn(nginx, ['-c', conf, '-p', dir], { stdio: 'ignore' });
}

/** A bare node:http server answering each path with its bytes and nothing else: Node's own ceiling. */
export function startBareNode(dir: string, port: number, files: { file: string; type: string; encoding?: string }[]): ChildProcess {
  const routes = Object.fromEntries(files.map((f) => [`/${f.file}`, { path: join(dir, 'www', f.file), type: f.type, encoding: f.encoding }]));
  const script = `
    const { createServer } = require('node:http'); const { readFileSync } = require('node:fs');
    const routes = ${JSON.stringify(routes)};
    const replies = Object.fromEntries(Object.entries(routes).map(([p, r]) => [p, { body: readFileSync(r.path), headers: { 'content-type': r.type, ...(r.encoding ? { 'content-encoding': r.encoding } : {}) } }]));
    createServer((req, res) => { const r = replies[req.url]; if (!r) { res.statusCode = 404; return res.end(); } res.writeHead(200, { ...r.headers, 'content-length': r.body.length }); res.end(r.body); })
      .listen(${port}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
}

export const formatLoad = (l: Load) =>
  `${l.rps.toFixed(0).padStart(7)} req/s  p50 ${l.p50.toFixed(2).padStart(5)} ms  p99 ${l.p99.toFixed(2).padStart(5)} ms${l.errors ? `  ERRORS ${l.errors}` : ''}`;
