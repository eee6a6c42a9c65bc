/**
 * Public reads under load, measured with wrk (a native load generator: autocannon tops out near
 * 40,000 req/s here, so its ratios measured the client). In one run, on this machine, each read is
 * served three ways with the same bytes:
 *   - nginx from a file (the ceiling of a web server),
 *   - a bare node:http server answering from a buffer (the ceiling of Node),
 *   - Selah (npm start's entry, with KJV, WEB and the installed SWORD Bibles),
 * and the ratios Selah/nginx and Selah/Node are printed with requests/s, p50 and p99. Then search latency
 * over a mix of queries, and the server's resident memory.
 * Usage: npm run bench  [-- --duration 5 --connections 50 --data-dir ./data]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    'data-dir': { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);

/** The reads measured: the path on Selah, and what the client asks for. */
const READS = [
  { name: 'chapter, br', path: '/api/bible/content/John/3?translation=KJV', headers: { 'accept-encoding': 'br' } },
  { name: 'chapter, no compression', path: '/api/bible/content/John/3?translation=KJV', headers: {} },
  { name: 'books', path: '/api/bible/books', headers: { 'accept-encoding': 'br' } },
  { name: 'translations', path: '/api/bible/translations/all', headers: { 'accept-encoding': 'br' } },
  { name: 'available books', path: '/api/bible/available-books/KJV', headers: { 'accept-encoding': 'br' } },
  { name: 'search q=love', path: '/api/search?q=love', headers: { 'accept-encoding': 'br' } },
] as const;

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

/**
 * A reply as it goes over the wire: its bytes (fetch would decompress them) and the headers that
 * matter. Each phase passes its own keep-alive agent: a connection left idle through a long load run
 * may have been closed by the server by the time it would be used again.
 */
function rawReply(url: string, headers: Record<string, string>, agent?: Agent): Promise<{ body: Buffer; type: string; encoding?: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), type: String(res.headers['content-type']), encoding: res.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

function requireWrk(): string {
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

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const toMs = (value: string) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
};

/** One wrk run: one thread (the server gets the other core), `connections` connections; `script` a Lua file. */
function wrk(bin: string, url: string, headers: Record<string, string>, seconds = duration, script?: string): Load {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const scriptArgs = script ? ['-s', script] : [];
  const run = spawnSync(bin, ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...scriptArgs, ...headerArgs, url], { encoding: 'utf8' });
  const out = run.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const percentile = (p: string) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors:.*?(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50: percentile('50'), p99: percentile('99'), errors };
}

function startNginx(dir: string, port: number, files: { file: string; type: string; encoding?: string }[]): ChildProcess {
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
function startBareNode(dir: string, port: number, files: { file: string; type: string; encoding?: string }[]): ChildProcess {
  const routes = Object.fromEntries(files.map((f) => [`/${f.file}`, { path: join(dir, 'www', f.file), type: f.type, encoding: f.encoding }]));
  const script = `
    const { createServer } = require('node:http'); const { readFileSync } = require('node:fs');
    const routes = ${JSON.stringify(routes)};
    const replies = Object.fromEntries(Object.entries(routes).map(([p, r]) => [p, { body: readFileSync(r.path), headers: { 'content-type': r.type, ...(r.encoding ? { 'content-encoding': r.encoding } : {}) } }]));
    createServer((req, res) => { const r = replies[req.url]; if (!r) { res.statusCode = 404; return res.end(); } res.writeHead(200, { ...r.headers, 'content-length': r.body.length }); res.end(r.body); })
      .listen(${port}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
}

async function main(): Promise<void> {
  const wrkBin = requireWrk();
  const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'selah-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`starting Selah on ${base} (data: ${dataDir}); the first start imports the translations…`);
  const server = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const staticDir = mkdtempSync(join(tmpdir(), 'selah-static-'));
  const references: ChildProcess[] = [];
  try {
    await waitFor(`${base}/api/health`);
    const translations = (await (await fetch(`${base}/api/bible/translations/all`)).json()) as { code: string }[];
    console.log(`translations loaded: ${translations.map((t) => t.code).join(', ')}; server RSS ${rssMb(server.pid!).toFixed(0)} MB`);

    // The same bytes for nginx and bare Node, one file per read.
    mkdirSync(join(staticDir, 'www'), { recursive: true });
    const files = [];
    for (const [i, read] of READS.entries()) {
      const reply = await rawReply(base + read.path, read.headers);
      const file = `read-${i}`;
      writeFileSync(join(staticDir, 'www', file), reply.body);
      files.push({ file, type: reply.type, encoding: reply.encoding, bytes: reply.body.length });
    }
    const nginxPort = await freePort();
    const nodePort = await freePort();
    references.push(startNginx(staticDir, nginxPort, files), startBareNode(staticDir, nodePort, files));
    await waitFor(`http://127.0.0.1:${nginxPort}/${files[0]!.file}`);
    await waitFor(`http://127.0.0.1:${nodePort}/${files[0]!.file}`);

    const fmt = (l: Load) =>
      `${l.rps.toFixed(0).padStart(7)} req/s  p50 ${l.p50.toFixed(2).padStart(5)} ms  p99 ${l.p99.toFixed(2).padStart(5)} ms${l.errors ? `  ERRORS ${l.errors}` : ''}`;
    console.log(`\nwrk -t1 -c${connections} -d${duration}s, one core for the load, one for the server\n`);
    const results: { name: string; selah: Load; nginx: Load }[] = [];
    for (const [i, read] of READS.entries()) {
      const file = files[i]!;
      wrk(wrkBin, base + read.path, read.headers, 1); // warm up
      const nginx = wrk(wrkBin, `http://127.0.0.1:${nginxPort}/${file.file}`, read.headers);
      const node = wrk(wrkBin, `http://127.0.0.1:${nodePort}/${file.file}`, read.headers);
      const selah = wrk(wrkBin, base + read.path, read.headers);
      results.push({ name: read.name, selah, nginx });
      console.log(`${read.name} — ${read.path} (${file.bytes} B${file.encoding ? `, ${file.encoding}` : ''})`);
      console.log(`  nginx      ${fmt(nginx)}`);
      console.log(`  bare Node  ${fmt(node)}   ${(node.rps / nginx.rps).toFixed(2)}× nginx`);
      console.log(`  Selah      ${fmt(selah)}   ${(selah.rps / nginx.rps).toFixed(2)}× nginx, ${(selah.rps / node.rps).toFixed(2)}× bare Node\n`);
    }

    // Search with queries that rarely repeat (two words of a few hundred, a page of results): what a
    // search costs when its reply is not among the recent ones kept.
    const agent = new Agent({ keepAlive: true });
    const words = (await rawReply(`${base}/api/bible/content/John/3?translation=KJV`, {}, agent)).body
      .toString()
      .match(/"text":"[^"]*"/g)!
      .join(' ')
      .toLowerCase()
      .match(/[a-z]{4,}/g)!;
    const vocabulary = [...new Set(words)].slice(0, 300);
    const lua = join(staticDir, 'varied-search.lua');
    writeFileSync(
      lua,
      `local words = {${vocabulary.map((w) => `"${w}"`).join(',')}}
request = function()
  local a = words[math.random(#words)]
  local b = words[math.random(#words)]
  return wrk.format("GET", "/api/search?q=" .. a .. "%20" .. b .. "&offset=" .. (math.random(5) - 1) * 20)
end`,
    );
    const varied = wrk(wrkBin, `${base}/api/search`, { 'accept-encoding': 'br' }, duration, lua);
    console.log(`search, varied queries (${vocabulary.length}² word pairs × 5 pages: few repeats)`);
    console.log(`  Selah      ${fmt(varied)}\n`);

    const queries = ['love', 'faith', 'shepherd', '"in the beginning"', 'lov*', 'John 3:16', 'grace peace', 'the', 'mercy truth'];
    for (const q of queries) await rawReply(`${base}/api/search?q=${encodeURIComponent(q)}`, {}, agent); // build indexes
    const timings: number[] = [];
    for (let i = 0; i < 600; i++) {
      const q = queries[i % queries.length]!;
      const t0 = performance.now();
      await rawReply(`${base}/api/search?q=${encodeURIComponent(q)}&translation=${translations[i % translations.length]!.code}`, {}, agent);
      timings.push(performance.now() - t0);
    }
    agent.destroy();
    timings.sort((a, b) => a - b);
    const pct = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!;
    const rss = rssMb(server.pid!);
    console.log(
      `search   single requests over ${timings.length} mixed queries and translations: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`,
    );
    console.log(`memory   server RSS with ${translations.length} translations loaded, after the runs: ${rss.toFixed(0)} MB`);
    const chapters = results.filter((r) => r.name.startsWith('chapter'));
    const reads = results.filter((r) => !r.name.startsWith('search'));
    console.log(
      `budgets  public reads ≥ 0.5× nginx: ${reads.every((r) => r.selah.rps / r.nginx.rps >= 0.5) ? 'met' : 'MISSED'}; ` +
        `chapter p99 < 5 ms: ${chapters.every((r) => r.selah.p99 < 5) ? 'met' : 'MISSED'}; search p95 < 50 ms: ${pct(95) < 50 ? 'met' : 'MISSED'}; RSS < 800 MB: ${rss < 800 ? 'met' : 'MISSED'}`,
    );
  } finally {
    server.kill('SIGTERM');
    for (const r of references) r.kill('SIGTERM');
    rmSync(staticDir, { recursive: true, force: true });
    if (!args['data-dir']) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);
  }
}

await main();
