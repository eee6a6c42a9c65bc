/**
 * Licensed translations (API.Bible) measured against the local stand-in for the provider
 * (server/test/api-bible-server.ts), which speaks its protocol over real HTTP with every reply delayed
 * 300 ms like a distant service. In one run, Selah as `npm start` runs it:
 *   A. the first licensed chapter (the book list fetched on first use, then the chapter), and a second;
 *   B. local reads while uncached licensed chapters are being fetched: single requests, then wrk;
 *   C. a kept licensed chapter under wrk beside a local chapter, each against nginx and bare Node
 *      serving the same bytes, with the usage reports (FUMS) the provider received meanwhile; then both
 *      again after a restart on the same data with reports off, which prices the reports.
 * The stand-in lives in this process, so every load run here uses wrkAsync: a blocked event loop
 * would leave the provider (and its usage reports) unanswered and measure that instead.
 * Usage: npm run bench:licensed  [-- --duration 5 --connections 50]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startApiBibleServer, type ApiBibleStandIn } from '../server/test/api-bible-server.ts';
import { formatLoad, freePort, rawReply, requireWrk, startBareNode, startNginx, waitFor, wrkAsync, type Load } from './load.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: { duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const KEY = 'bench-api-bible-key';
const BR = { 'accept-encoding': 'br' };
const LOCAL = '/api/bible/content/John/3?translation=KJV';
const licensedPath = (book: string, chapter: number) => `/api/bible/content/${book}/${chapter}?translation=NIV`;
const KEPT = licensedPath('Genesis', 5);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const spread = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `p50 ${pct(s, 50).toFixed(2)} ms  p99 ${pct(s, 99).toFixed(2)} ms  max ${s.at(-1)!.toFixed(2)} ms  (${s.length} requests)`;
};

/** CPU seconds a process has used (utime + stime, in the usual 100 ticks a second). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

let standIn: ApiBibleStandIn | undefined;
let server: ChildProcess | undefined;
const references: ChildProcess[] = [];
const dirs: string[] = [];

function startSelah(port: number, dataDir: string, fumsUrl: string): ChildProcess {
  return spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      API_BIBLE_KEY: KEY,
      API_BIBLE_URL: standIn!.url,
      API_BIBLE_FUMS_URL: fumsUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

// Awaited, so the data folder is free for a restart (one PGlite at a time) and for deleting.
async function stopSelah(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await Promise.race([once(child, 'exit'), sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

async function cleanup(): Promise<void> {
  await stopSelah();
  for (const r of references) r.kill('SIGTERM');
  await standIn?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

async function ready(base: string): Promise<void> {
  await waitFor(`${base}/api/health`);
  for (const until = Date.now() + 60_000; Date.now() < until; await sleep(250)) {
    const list = (await (await fetch(`${base}/api/bible/translations/all`)).json()) as { code: string }[];
    if (list.some((t) => t.code === 'NIV')) return;
  }
  throw new Error('NIV never appeared in /api/bible/translations/all');
}

/** Wall time of one read as a reader's request sees it; throws unless it is a chapter with verses. */
async function timedChapter(url: string, agent: Agent): Promise<number> {
  const t0 = performance.now();
  const reply = await rawReply(url, {}, agent);
  const ms = performance.now() - t0;
  const content = JSON.parse(reply.body.toString()) as { error?: boolean; message?: string; verses?: unknown[] };
  if (content.error || !content.verses?.length) throw new Error(`${url}: ${content.message ?? 'no verses'}`);
  return ms;
}

// Reports are fire-and-forget from Selah: some arrive after the run that caused them.
async function settledReports(): Promise<number> {
  let last = -1;
  for (let i = 0; i < 20 && standIn!.reports.length !== last; i++) {
    last = standIn!.reports.length;
    await sleep(500);
  }
  return standIn!.reports.length;
}

async function main(): Promise<void> {
  const wrkBin = requireWrk();
  standIn = await startApiBibleServer(KEY);
  standIn.delayMs = 300;
  const dataDir = mkdtempSync(join(tmpdir(), 'selah-bench-licensed-'));
  const staticDir = mkdtempSync(join(tmpdir(), 'selah-static-'));
  dirs.push(dataDir, staticDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Other work on the machine moves every figure: say how busy it was.
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on this machine`,
  );
  console.log(`starting Selah on ${base} (data: ${dataDir}) with API.Bible at ${standIn.url} (every reply delayed ${standIn.delayMs} ms)…`);
  server = startSelah(port, dataDir, standIn.fumsUrl);
  await ready(base);
  const agent = new Agent({ keepAlive: true });

  console.log(`\nA. first, uncached licensed chapter (wall time from this process)`);
  const provider = (from: number) => standIn!.requests.slice(from).map((r) => r.path.replace(/^\/v1\/bibles\/niv-test-01/, ''));
  for (const [label, url] of [
    ['first use: book list + chapter', `${base}${KEPT}`],
    ['second chapter, book list kept', `${base}${licensedPath('Genesis', 6)}`],
    ['first chapter again, kept', `${base}${KEPT}`],
  ] as const) {
    const from = standIn.requests.length;
    const ms = await timedChapter(url, agent);
    console.log(`  ${label.padEnd(32)} ${ms.toFixed(1).padStart(7)} ms   provider asked for: ${provider(from).join(', ') || 'nothing'}`);
  }

  console.log(`\nB. local reads (${LOCAL}) while uncached licensed chapters are fetched`);
  const local = `${base}${LOCAL}`;
  const quiet: number[] = [];
  for (let i = 0; i < 200; i++) quiet.push(await timedChapter(local, agent));
  // Sequential local reads for as long as the licensed ones are in flight, so each one overlaps them.
  let inFlight = true;
  const t0 = performance.now();
  const flight = Promise.all(Array.from({ length: 20 }, (_, i) => timedChapter(`${base}${licensedPath('Genesis', 10 + i)}`, new Agent()))).finally(
    () => (inFlight = false),
  );
  flight.catch(() => {}); // awaited below; this only keeps a failure meanwhile from counting as unhandled
  const during: number[] = [];
  while (inFlight) during.push(await timedChapter(local, agent));
  const licensedMs = await flight;
  console.log(`  nothing in flight                          ${spread(quiet)}`);
  console.log(`  20 licensed chapters in flight (${(performance.now() - t0).toFixed(0)} ms)   ${spread(during)}`);
  console.log(`  the 20 licensed chapters themselves        ${spread(licensedMs)}`);

  // wrk on the local chapter, alone and then while 20 workers keep uncached licensed chapters in flight.
  const uncached = [
    ...Array.from({ length: 150 }, (_, i) => licensedPath('Psalms', i + 1)),
    ...Array.from({ length: 20 }, (_, i) => licensedPath('John', i + 1)),
    ...Array.from({ length: 21 }, (_, i) => licensedPath('Genesis', 30 + i)),
  ];
  const seconds = 3;
  await wrkAsync(wrkBin, local, BR, 1, connections); // warm up
  const alone = await wrkAsync(wrkBin, local, BR, seconds, connections);
  let fetched = 0;
  let running = true;
  const pump = Promise.all(
    Array.from({ length: 20 }, async () => {
      const own = new Agent({ keepAlive: true });
      for (let next = uncached.shift(); running && next; next = uncached.shift()) {
        await timedChapter(base + next, own);
        fetched++;
      }
    }),
  );
  pump.catch(() => {}); // awaited below, as the flight above
  const busy = await wrkAsync(wrkBin, local, BR, seconds, connections);
  running = false;
  await pump;
  console.log(`  wrk -c${connections} -d${seconds}s, nothing in flight          ${formatLoad(alone)}`);
  console.log(`  wrk -c${connections} -d${seconds}s, 20 licensed in flight      ${formatLoad(busy)}   (${fetched} licensed chapters fetched meanwhile)`);

  console.log(`\nC. a kept licensed chapter against a local one (wrk -t1 -c${connections} -d${duration}s, accept-encoding: br)`);
  mkdirSync(join(staticDir, 'www'));
  const files: { file: string; path: string; type: string; encoding?: string; bytes: number }[] = [];
  for (const [file, path] of [
    ['licensed', KEPT],
    ['local', LOCAL],
  ] as const) {
    const reply = await rawReply(base + path, BR, agent);
    writeFileSync(join(staticDir, 'www', file), reply.body);
    files.push({ file, path, type: reply.type, encoding: reply.encoding, bytes: reply.body.length });
  }
  agent.destroy();
  const nginxPort = await freePort();
  const nodePort = await freePort();
  references.push(startNginx(staticDir, nginxPort, files), startBareNode(staticDir, nodePort, files));
  await waitFor(`http://127.0.0.1:${nginxPort}/licensed`);
  await waitFor(`http://127.0.0.1:${nodePort}/licensed`);

  const measure = async (reportsOn: boolean) => {
    const selah: Record<string, Load> = {};
    for (const f of files) {
      await wrkAsync(wrkBin, base + f.path, BR, 1, connections); // warm up
      const reportsBefore = await settledReports();
      const nginx = await wrkAsync(wrkBin, `http://127.0.0.1:${nginxPort}/${f.file}`, BR, duration, connections);
      const node = await wrkAsync(wrkBin, `http://127.0.0.1:${nodePort}/${f.file}`, BR, duration, connections);
      // Where the time goes when Selah is slow: its own CPU, or this process (the stand-in taking reports).
      const [selahCpu, benchCpu] = [cpuSeconds(server!.pid!), ownCpuSeconds()];
      const own = (selah[f.file] = await wrkAsync(wrkBin, base + f.path, BR, duration, connections));
      const cpu = `CPU over the run: Selah ${((100 * (cpuSeconds(server!.pid!) - selahCpu)) / duration).toFixed(0)} % of a core, stand-in ${((100 * (ownCpuSeconds() - benchCpu)) / duration).toFixed(0)} %`;
      const reportsDuring = standIn!.reports.length - reportsBefore;
      console.log(`  ${f.file} — ${f.path} (${f.bytes} B, ${f.encoding})`);
      console.log(`    nginx      ${formatLoad(nginx)}`);
      console.log(`    bare Node  ${formatLoad(node)}   ${(node.rps / nginx.rps).toFixed(2)}× nginx`);
      console.log(`    Selah      ${formatLoad(own)}   ${(own.rps / nginx.rps).toFixed(2)}× nginx, ${(own.rps / node.rps).toFixed(2)}× bare Node`);
      console.log(`               ${cpu}`);
      if (f.file === 'licensed' && reportsOn) {
        const settled = (await settledReports()) - reportsBefore;
        console.log(`    usage reports: ${own.requests} chapters served; ${reportsDuring} reports received during the run, ${settled} once settled`);
      }
    }
    const ratio = selah.licensed!.rps / selah.local!.rps;
    console.log(`  licensed/local: ${ratio.toFixed(2)}× req/s, p99 ${selah.licensed!.p99.toFixed(2)} vs ${selah.local!.p99.toFixed(2)} ms`);
    return selah;
  };
  console.log(`usage reports on (API_BIBLE_FUMS_URL = the stand-in)`);
  const on = await measure(true);

  console.log(`\nrestarting Selah on the same data with API_BIBLE_FUMS_URL=off…`);
  await stopSelah();
  server = startSelah(port, dataDir, 'off');
  await ready(base);
  const from = standIn.requests.length;
  const restartAgent = new Agent({ keepAlive: true });
  const ms = await timedChapter(`${base}${KEPT}`, restartAgent);
  restartAgent.destroy();
  console.log(`  ${KEPT} after the restart: ${ms.toFixed(1)} ms, provider asked for: ${provider(from).join(', ') || 'nothing (kept in the database)'}`);
  const off = await measure(false);
  console.log(
    `\nthe usage reports cost the kept licensed chapter ${((1 - on.licensed!.rps / off.licensed!.rps) * 100).toFixed(0)} % of its req/s ` +
      `(${on.licensed!.rps.toFixed(0)} with reports, ${off.licensed!.rps.toFixed(0)} without)`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));
try {
  await main();
} finally {
  await cleanup();
}
