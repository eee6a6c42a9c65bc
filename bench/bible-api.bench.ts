/**
 * Bible API benchmark over loopback. Starts the real server (npm start's entry) in its own process
 * with KJV, WEB and the installed SWORD Bibles, then measures with autocannon:
 *   - GET /api/bible/content/John/3 (brotli, as browsers ask) at 50 connections: requests/s and p99;
 *   - the same bytes as a static file (nginx when installed, else @fastify/static), and the ratio;
 *   - GET /api/search for a mix of queries: p95 and p99 of single requests;
 *   - the server's resident memory (RSS).
 * Usage: npm run bench  [-- --duration 10 --connections 50 --data-dir ./data]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const ROOT = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'data-dir': { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, timeoutMs = 300_000): Promise<void> {
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

/** The bytes on the wire (fetch would decompress them). */
function rawBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration, headers, pipelining: 1 });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

function startStaticServer(dir: string, port: number): ChildProcess {
  const nginx = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (nginx) {
    const conf = join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${dir}/www; location / { default_type application/json; } location = /john-3.json { default_type application/json; add_header Content-Encoding br; } } }`,
    );
    console.log(`static server: nginx (${nginx})`);
    return spawn(nginx, ['-c', conf, '-p', dir], { stdio: 'ignore' });
  }
  console.log('static server: @fastify/static');
  const script = `
    import Fastify from 'fastify'; import fastifyStatic from '@fastify/static';
    const app = Fastify(); await app.register(fastifyStatic, { root: ${JSON.stringify(join(dir, 'www'))} });
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  return spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: 'ignore' });
}

async function main(): Promise<void> {
  const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'selah-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting the server on ${base} (data: ${dataDir}); the first start imports the translations…`);
  const server = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const staticDir = mkdtempSync(join(tmpdir(), 'selah-static-'));
  let staticServer: ChildProcess | undefined;
  try {
    await waitFor(`${base}/api/health`);
    const translations = (await (await fetch(`${base}/api/bible/translations/all`)).json()) as { code: string }[];
    console.log(`translations loaded: ${translations.map((t) => t.code).join(', ')}`);
    console.log(`server RSS after start: ${rssMb(server.pid!).toFixed(0)} MB`);

    const chapterUrl = `${base}/api/bible/content/John/3`;
    const br = { 'accept-encoding': 'br' };
    const compressed = await rawBody(chapterUrl, br);
    const searchUrl = `${base}/api/search?q=love`;
    const searchBytes = await rawBody(searchUrl, {});
    mkdirSync(join(staticDir, 'www'), { recursive: true });
    writeFileSync(join(staticDir, 'www', 'john-3.json'), compressed);
    writeFileSync(join(staticDir, 'www', 'search-love.json'), searchBytes);
    const staticPort = await freePort();
    staticServer = startStaticServer(staticDir, staticPort);
    await waitFor(`http://127.0.0.1:${staticPort}/john-3.json`);

    // Warm both, then measure.
    await autocannon({ url: chapterUrl, connections: 10, duration: 2, headers: br });
    const chapter = await load(chapterUrl, br);
    const file = await load(`http://127.0.0.1:${staticPort}/john-3.json`, br);

    const queries = ['love', 'faith', 'shepherd', '"in the beginning"', 'lov*', 'John 3:16', 'grace peace', 'the', 'mercy truth'];
    for (const q of queries) await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`); // build indexes
    const timings: number[] = [];
    for (let i = 0; i < 600; i++) {
      const q = queries[i % queries.length]!;
      const t0 = performance.now();
      const res = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}&translation=${translations[i % translations.length]!.code}`);
      await res.arrayBuffer();
      timings.push(performance.now() - t0);
    }
    timings.sort((a, b) => a - b);
    const pct = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!;
    const love = await load(searchUrl);
    const loveFile = await load(`http://127.0.0.1:${staticPort}/search-love.json`);

    const rss = rssMb(server.pid!);
    console.log('');
    console.log(`chapter  /api/bible/content/John/3 (br, ${compressed.length} B): ${chapter.rps.toFixed(0)} req/s, p50 ${chapter.p50} ms, p99 ${chapter.p99} ms, errors ${chapter.errors}  [${connections} connections, ${duration} s]`);
    console.log(`static   same bytes as a file:                  ${file.rps.toFixed(0)} req/s, p50 ${file.p50} ms, p99 ${file.p99} ms, errors ${file.errors}`);
    console.log(`ratio    chapter / static throughput: ${(chapter.rps / file.rps).toFixed(2)}`);
    console.log(`search   /api/search?q=love (${searchBytes.length} B):  ${love.rps.toFixed(0)} req/s, p50 ${love.p50} ms, p99 ${love.p99} ms, errors ${love.errors}`);
    console.log(`static   same bytes as a file:                  ${loveFile.rps.toFixed(0)} req/s, p50 ${loveFile.p50} ms, p99 ${loveFile.p99} ms`);
    console.log(`ratio    search / static throughput: ${(love.rps / loveFile.rps).toFixed(2)}`);
    console.log(`search   single requests over ${timings.length} mixed queries and translations: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`);
    console.log(`memory   server RSS with ${translations.length} translations loaded, after the runs: ${rss.toFixed(0)} MB`);
    console.log(`budgets  chapter p99 < 5 ms: ${chapter.p99 < 5 ? 'met' : 'MISSED'}; search p95 < 50 ms: ${pct(95) < 50 ? 'met' : 'MISSED'}; RSS < 800 MB: ${rss < 800 ? 'met' : 'MISSED'}`);
  } finally {
    server.kill('SIGTERM');
    staticServer?.kill('SIGTERM');
    rmSync(staticDir, { recursive: true, force: true });
    if (!args['data-dir']) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);
  }
}

await main();
