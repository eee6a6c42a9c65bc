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
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { formatLoad, freePort, rawReply, requireWrk, rssMb, startBareNode, startNginx, waitFor, wrk, type Load } from './load.ts';
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

    const fmt = formatLoad;
    console.log(`\nwrk -t1 -c${connections} -d${duration}s, one core for the load, one for the server\n`);
    const results: { name: string; selah: Load; nginx: Load }[] = [];
    for (const [i, read] of READS.entries()) {
      const file = files[i]!;
      wrk(wrkBin, base + read.path, read.headers, 1, connections); // warm up
      const nginx = wrk(wrkBin, `http://127.0.0.1:${nginxPort}/${file.file}`, read.headers, duration, connections);
      const node = wrk(wrkBin, `http://127.0.0.1:${nodePort}/${file.file}`, read.headers, duration, connections);
      const selah = wrk(wrkBin, base + read.path, read.headers, duration, connections);
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
    const varied = wrk(wrkBin, `${base}/api/search`, { 'accept-encoding': 'br' }, duration, connections, lua);
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
