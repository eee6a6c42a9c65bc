/**
 * Scale-out (issue 32 §4): the same mixed load through nginx with the shipped site file
 * (deploy/nginx-selah.conf) in front of one app process, then in front of two, both on one fresh
 * PostgreSQL database, and nginx sending the same replies from files as the ceiling of this machine
 * (wrk and nginx themselves), in alternating rounds; both processes run throughout (the second only
 * idles while the first is measured alone), and each nginx has one worker. The mix, in a wrk Lua script:
 *   chapters (two translations, 74 chapters, brotli)       45 %
 *   search, two words of a few hundred (few repeats)       25 %
 *   a rendered page (/bible, ten chapters, kept per process)  15 %
 *   a highlight written by one of eight signed-in readers  10 %
 *   a signed-in reader's list of highlights                 5 %
 * For each: requests/s, p50/p99, errors, and the CPU each part spent per request (app processes,
 * PostgreSQL's backends for this database, nginx, wrk) with how busy the machine was; then each
 * class alone through the two processes, so the cost of a request of each kind is known. These
 * figures are the basis of the model for bigger machines in docs/deploy.md.
 * Usage: npm run bench:scale-out -- --database-url postgres://user@host:5432/db
 *          [--duration 10] [--connections 50] [--rounds 2] [--first-port 3580]
 * (or TEST_DATABASE_URL in the environment). A new database `<db>_scale_<pid>` is made beside the
 * one named and dropped at the end; PostgreSQL must be on this machine for its CPU to be counted.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { findProgram, startAppProcess, type AppProcess } from '../server/test/deploy-processes.ts';
import { startNginx as startNginxProxy, type Proxy } from '../server/test/proxy-servers.ts';
import { freshDatabase } from '../server/test/server-process.ts';
import { formatLoad, freePort, rawReply, requireWrk, rssMb, startNginx, waitFor, wrk, type Load } from './load.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
    'first-port': { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);
const READERS = 8;
const HOST = '127.0.0.1';

let nextPort = args['first-port'] ? Number(args['first-port']) : undefined;
const port = async () => (nextPort === undefined ? freePort() : nextPort++);

// ---- CPU: what each part of the topology spent during a run, from /proc (Linux). ----

const TICK_MS = 10; // USER_HZ is 100 on Linux
/** Fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] is the state. */
function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // gone
  }
}
const cpuMs = (pid: number) => {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) * TICK_MS : 0;
};
/** CPU of the children this process has waited for: wrk, run synchronously. */
const waitedChildrenMs = () => {
  const f = statFields('self')!;
  return (Number(f[13]) + Number(f[14])) * TICK_MS;
};
const processes = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
const childrenOf = (pid: number) => processes().filter((p) => statFields(p)?.[1] === String(pid));
/** PostgreSQL's backends serving `database` (their command line names it). */
const backendsOf = (database: string) =>
  processes().filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith(`postgres: `) && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(` ${database} `);
    } catch {
      return false;
    }
  });
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - n[3]! - n[4]!, total }; // idle and iowait
}

/**
 * Waits until the app processes are idle: requests wrk gave up on at the end of a run are still being
 * answered, and their CPU would be counted in the next run.
 */
async function settled(apps: number[]): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const before = apps.map(cpuMs);
    await new Promise((r) => setTimeout(r, 500));
    if (apps.every((p, i) => cpuMs(p) - before[i]! <= 50)) return;
  }
}

interface Parts {
  apps: number[];
  proxy: number;
  database: string;
}
type Usage = { app: number; db: number; proxy: number; client: number; machineBusy: number };

/** Runs `fn` (a wrk run) and says how much CPU each part spent meanwhile, in ms, and the machine's busy share. */
function measured<T>(parts: Parts, fn: () => T): { result: T; usage: Usage } {
  const proxyPids = () => [parts.proxy, ...childrenOf(parts.proxy)];
  const backends0 = new Map(backendsOf(parts.database).map((p) => [p, cpuMs(p)]));
  const proxy0 = new Map(proxyPids().map((p) => [p, cpuMs(p)]));
  const apps0 = parts.apps.map(cpuMs);
  const client0 = waitedChildrenMs();
  const machine0 = machineTicks();
  const result = fn();
  const machine1 = machineTicks();
  const sinceStart = (before: Map<number, number>, pids: number[]) => pids.reduce((sum, p) => sum + cpuMs(p) - (before.get(p) ?? 0), 0);
  return {
    result,
    usage: {
      app: parts.apps.reduce((sum, p, i) => sum + cpuMs(p) - apps0[i]!, 0),
      db: sinceStart(backends0, backendsOf(parts.database)),
      proxy: sinceStart(proxy0, proxyPids()),
      client: waitedChildrenMs() - client0,
      machineBusy: (machine1.busy - machine0.busy) / (machine1.total - machine0.total),
    },
  };
}

// ---- The mix: requests as wrk's Lua builds them. ----

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}
/** A Lua long string: nothing inside is escaped (no reply or path here holds `]==]`). */
const lua = (s: string) => `[==[${s}]==]`;
const luaRequest = (r: Request) =>
  `wrk.format(${lua(r.method)}, ${lua(r.path)}, {${Object.entries({ Host: HOST, ...r.headers })
    // `[ [==[…]==] ]`: without the spaces `[[` would open a long string.
    .map(([k, v]) => `[ ${lua(k)} ] = ${lua(v)}`)
    .join(', ')}}${r.body ? `, ${lua(r.body)}` : ''})`;
/** A Lua function choosing one of `requests`, each formatted once. */
const luaOneOf = (requests: Request[]) =>
  `(function() local list = {\n${requests.map((r) => `    ${luaRequest(r)},`).join('\n')}\n  } return function() return list[math.random(#list)] end end)()`;

interface MixClass {
  name: string;
  weight: number;
  /** A Lua expression: a function returning the next request of this class to Selah. */
  selah: string;
  /** Requests of this class sent once to take their replies for the reference (for classes that vary, a sample). */
  sample: Request[];
}

function luaScript(classes: { weight: number; next: string }[]): string {
  return `-- written by bench/scale-out.bench.ts
math.randomseed(os.time() * 1000 + math.floor(os.clock() * 1000000))
local classes = {
${classes.map((c) => `  { weight = ${c.weight}, next = ${c.next} },`).join('\n')}
}
local total = 0
sent = {}
for i, c in ipairs(classes) do
  total = total + c.weight
  sent[i] = 0
end
request = function()
  local r = math.random(total)
  for i, c in ipairs(classes) do
    if r <= c.weight then
      sent[i] = sent[i] + 1
      return c.next()
    end
    r = r - c.weight
  end
end
-- What was sent of each kind, printed for bench/load.ts to read.
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function done()
  local counts = {}
  for _, thread in ipairs(threads) do
    for i, n in ipairs(thread:get("sent")) do counts[i] = (counts[i] or 0) + n end
  end
  io.write("sent by kind: " .. table.concat(counts, " ") .. "\\n")
end
`;
}

const BR = { 'Accept-Encoding': 'br' };
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const COLORS = ['yellow', 'green', 'blue', 'pink'];
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

async function buildMix(base: string, cookies: string[]): Promise<MixClass[]> {
  const agent = new Agent({ keepAlive: true });
  const json = async <T>(path: string) => JSON.parse((await rawReply(base + path, {}, agent)).body.toString()) as T;
  try {
    const translations = (await json<{ code: string }[]>('/api/bible/translations/all')).map((t) => t.code).slice(0, 2);
    const chapters = translations.flatMap((t) => [
      ...Array.from({ length: 21 }, (_, i) => `/api/bible/content/John/${i + 1}?translation=${t}`),
      ...Array.from({ length: 16 }, (_, i) => `/api/bible/content/Romans/${i + 1}?translation=${t}`),
    ]);
    type Verse = { verseId: string; reference: string; text: string };
    const verses: Verse[] = [];
    for (let chapter = 1; chapter <= 6; chapter++)
      verses.push(...(await json<{ verses: Verse[] }>(`/api/bible/content/John/${chapter}?translation=${translations[0]}`)).verses);
    const words = [...new Set(verses.flatMap((v) => v.text.toLowerCase().match(/[a-z]{4,}/g) ?? []))].slice(0, 300);
    const bodies = verses.slice(0, 300).map((v) => JSON.stringify({ verse: v.verseId, color: pick(COLORS), reference: v.reference, text: v.text }));
    const search = () => `/api/search?q=${pick(words)}%20${pick(words)}&translation=${pick(translations)}`;
    const write = (): Request => ({
      method: 'POST',
      path: '/api/highlights',
      headers: { 'Content-Type': 'application/json', Cookie: pick(cookies) },
      body: pick(bodies),
    });
    const gets = (paths: string[], headers: Record<string, string>) => paths.map((path): Request => ({ method: 'GET', path, headers }));
    const pages = gets(
      Array.from({ length: 10 }, (_, i) => `/bible?book=John&chapter=${i + 1}`),
      BROWSER,
    );
    const lists = cookies.map((cookie): Request => ({ method: 'GET', path: '/api/highlights?limit=20', headers: { Cookie: cookie } }));
    return [
      { name: 'chapter', weight: 45, selah: luaOneOf(gets(chapters, BR)), sample: gets(chapters, BR) },
      {
        name: 'search',
        weight: 25,
        selah: `(function()
    local words = {${words.map(lua).join(',')}}
    local translations = {${translations.map(lua).join(',')}}
    return function()
      local path = "/api/search?q=" .. words[math.random(#words)] .. "%20" .. words[math.random(#words)] .. "&translation=" .. translations[math.random(#translations)]
      return wrk.format("GET", path, { Host = "${HOST}", ["Accept-Encoding"] = "br" })
    end
  end)()`,
        sample: gets(Array.from({ length: 40 }, search), BR),
      },
      { name: 'page', weight: 15, selah: luaOneOf(pages), sample: pages },
      {
        name: 'highlight written',
        weight: 10,
        selah: `(function()
    local cookies = {${cookies.map(lua).join(',')}}
    local bodies = {${bodies.map(lua).join(',')}}
    return function()
      return wrk.format("POST", "/api/highlights", { Host = "${HOST}", ["Content-Type"] = "application/json", Cookie = cookies[math.random(#cookies)] }, bodies[math.random(#bodies)])
    end
  end)()`,
        sample: Array.from({ length: 20 }, write),
      },
      { name: 'highlights listed', weight: 5, selah: luaOneOf(lists), sample: lists },
    ];
  } finally {
    agent.destroy();
  }
}

// ---- Readers: signed up and verified as a person would be, their session cookies kept. ----

async function signUpReaders(app: AppProcess, databaseUrl: string, count: number): Promise<string[]> {
  const base = `http://${HOST}:${app.port}`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const cookies: string[] = [];
    for (let n = 1; n <= count; n++) {
      const email = `reader${n}@example.org`;
      // Each from its own address (the process believes X-Forwarded-For: TRUST_PROXY=1), as eight people would.
      const from = { 'x-forwarded-for': `10.32.0.${n}` };
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { ...from, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email, password: 'a long enough password', name: `reader${n}` }),
      });
      if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
      // Without SMTP_URL the confirmation is kept in the database's outbox, for every process.
      const { rows } = await db.query<{ text: string }>('SELECT text FROM mail_outbox WHERE recipient = $1 ORDER BY at DESC LIMIT 1', [email]);
      const link = new URL(/https?:\/\/\S+verify-email\S+/.exec(rows[0]?.text ?? '')?.[0] ?? 'http://none/');
      const verified = await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual', headers: from });
      const cookie = verified.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      if (!cookie.includes('session_token')) throw new Error(`verifying ${email} gave no session (${verified.status})`);
      cookies.push(cookie);
    }
    return cookies;
  } finally {
    await db.end();
  }
}

// ---- The run. ----

interface Target {
  name: string;
  url: string;
  script: string;
  parts: Parts;
}
interface Measured {
  load: Load;
  usage: Usage;
  load1: number;
}

const perRequest = (ms: number, load: Load) => (load.requests ? ms / load.requests : Number.NaN);
function formatUsage({ load, usage }: Measured): string {
  const f = (ms: number) => perRequest(ms, load).toFixed(3);
  return `CPU ms/request: app ${f(usage.app)}, PostgreSQL ${f(usage.db)}, nginx ${f(usage.proxy)}, wrk ${f(usage.client)}; machine ${(usage.machineBusy * 100).toFixed(0)} % busy`;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const cleanups: (() => Promise<unknown> | void)[] = [];
async function cleanup(): Promise<void> {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch((error: unknown) => console.error('cleanup:', error));
}
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopping = true; // no further wrk run: each blocks this process until it ends
    void cleanup().finally(() => process.exit(130));
  });

async function main(): Promise<void> {
  const adminUrl = args['database-url'] ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('give a PostgreSQL to work beside: --database-url postgres://user@host:5432/db (or TEST_DATABASE_URL)');
  if (!findProgram('nginx')) throw new Error('nginx is needed: apt-get install nginx');
  const wrkBin = requireWrk();
  process.env.TEST_DATABASE_URL = adminUrl;
  const database = await freshDatabase('scale');
  cleanups.push(() => database.drop());
  const databaseName = new URL(database.url).pathname.slice(1);
  console.log(`database ${databaseName} (new); load average ${loadavg()[0]!.toFixed(2)}`);

  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: 'scale-out-bench-secret-scale-out-bench-0123',
    TRUST_PROXY: '1',
    ALLOWED_HOSTS: HOST,
    LOG_LEVEL: 'warn',
    AI_DISCOVER_PORTS: 'off',
  };
  // The first alone: it builds the web app if it is not built yet, and imports the translations.
  const started = performance.now();
  const first = await startAppProcess(await port(), env);
  cleanups.push(() => first.stop());
  const second = await startAppProcess(await port(), env);
  cleanups.push(() => second.stop());
  console.log(`two app processes up in ${((performance.now() - started) / 1000).toFixed(0)} s (ports ${first.port}, ${second.port})`);
  const one: Proxy = await startNginxProxy([first.port], await port());
  cleanups.push(() => one.stop());
  const two: Proxy = await startNginxProxy([first.port, second.port], await port());
  cleanups.push(() => two.stop());

  const cookies = await signUpReaders(first, database.url, READERS);
  const mix = await buildMix(one.url, cookies);

  // The reference: each sampled request's reply, byte for byte as the proxy sent it, in a file.
  const staticDir = mkdtempSync(join(tmpdir(), 'selah-scale-out-'));
  cleanups.push(() => rmSync(staticDir, { recursive: true, force: true }));
  mkdirSync(join(staticDir, 'www'));
  const files: { file: string; type: string; encoding?: string }[] = [];
  const referenceClasses: { weight: number; next: string }[] = [];
  const agent = new Agent({ keepAlive: true });
  for (const c of mix) {
    const requests: Request[] = [];
    for (const r of c.sample) {
      const headers = { ...r.headers, Host: HOST };
      const reply = await rawReply(one.url + r.path, headers, agent, r.body ? { method: r.method, body: r.body } : undefined);
      if (reply.status !== 200) throw new Error(`${r.method} ${r.path} answered ${reply.status}: ${reply.body.toString().slice(0, 200)}`);
      const file = `ref-${files.length}`;
      writeFileSync(join(staticDir, 'www', file), reply.body);
      files.push({ file, type: reply.type, encoding: reply.encoding });
      // nginx serves files to GET only: the reference sends the same headers, without the write's body.
      requests.push({ method: 'GET', path: `/${file}`, headers: r.headers });
    }
    referenceClasses.push({ weight: c.weight, next: luaOneOf(requests) });
  }
  agent.destroy();
  const referencePort = await port();
  const reference = startNginx(staticDir, referencePort, files);
  cleanups.push(() => {
    reference.kill('SIGQUIT');
  });
  await waitFor(`http://${HOST}:${referencePort}/${files[0]!.file}`);

  const script = (name: string, text: string) => {
    const path = join(staticDir, name);
    writeFileSync(path, text);
    return path;
  };
  const selahScript = script('mix.lua', luaScript(mix.map((c) => ({ weight: c.weight, next: c.selah }))));
  const targets: Target[] = [
    { name: '1 process', url: one.url, script: selahScript, parts: { apps: [first.child.pid!], proxy: one.child.pid!, database: databaseName } },
    {
      name: '2 processes',
      url: two.url,
      script: selahScript,
      parts: { apps: [first.child.pid!, second.child.pid!], proxy: two.child.pid!, database: databaseName },
    },
    {
      name: 'nginx, files',
      url: `http://${HOST}:${referencePort}`,
      script: script('reference.lua', luaScript(referenceClasses)),
      parts: { apps: [], proxy: reference.pid!, database: databaseName },
    },
  ];
  const run = async (target: Target, seconds: number, scriptPath = target.script): Promise<Measured> => {
    await settled([first.child.pid!, second.child.pid!]);
    if (stopping) throw new Error('stopped');
    const load1 = loadavg()[0]!;
    const { result, usage } = measured(target.parts, () => wrk(wrkBin, target.url, {}, seconds, connections, scriptPath));
    return { load: result, usage, load1 };
  };

  console.log(`\n${availableParallelism()} cores; nginx, wrk, PostgreSQL and the app processes all run on them`);
  console.log(`mix: ${mix.map((c) => `${c.name} ${c.weight} %`).join(', ')}`);
  console.log(`wrk -t1 -c${connections} -d${duration}s with a Lua script\n`);
  // Warm up: each process renders the pages and builds its search indexes (both count in a first run).
  for (const target of targets.slice(0, 2)) await run(target, 5);

  const results = new Map<string, Measured[]>(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= rounds; round++) {
    console.log(`round ${round}`);
    for (const target of targets) {
      const m = await run(target, duration);
      results.get(target.name)!.push(m);
      console.log(`  ${target.name.padEnd(13)} ${formatLoad(m.load)}  (load average ${m.load1.toFixed(2)})`);
      console.log(`  ${''.padEnd(13)} ${formatUsage(m)}`);
      if (m.load.sentByKind) console.log(`  ${''.padEnd(13)} sent: ${mix.map((c, i) => `${c.name} ${m.load.sentByKind![i]}`).join(', ')}`);
    }
  }

  const rps = (name: string) => median(results.get(name)!.map((m) => m.load.rps));
  const [oneRps, twoRps, referenceRps] = [rps('1 process'), rps('2 processes'), rps('nginx, files')];
  console.log(
    `\nmedians of ${rounds} round${rounds > 1 ? 's' : ''}: 1 process ${oneRps.toFixed(0)} req/s, 2 processes ${twoRps.toFixed(0)} req/s, nginx from files ${referenceRps.toFixed(0)} req/s`,
  );
  console.log(
    `2 processes / 1 process: ${(twoRps / oneRps).toFixed(2)}×; 1 process / reference: ${(oneRps / referenceRps).toFixed(2)}×; 2 processes / reference: ${(twoRps / referenceRps).toFixed(2)}×`,
  );
  const errors = [...results].map(([name, ms]) => `${name} ${ms.reduce((sum, m) => sum + m.load.errors, 0)}`);
  console.log(`errors (non-2xx and socket errors, all rounds): ${errors.join(', ')}`);

  console.log(`memory: app processes ${[first, second].map((app) => `${rssMb(app.child.pid!).toFixed(0)} MB`).join(', ')} resident`);
  console.log(`PostgreSQL: ${backendsOf(databaseName).length} connections open to ${databaseName} (each process's pool holds up to 10)`);

  // Each kind alone through two processes: what one request of it costs, and where.
  const classSeconds = Math.max(3, Math.round(duration / 2));
  console.log(`\neach kind alone through 2 processes (wrk -t1 -c${connections} -d${classSeconds}s):`);
  for (const c of mix) {
    const only = script(`only-${c.name.replace(/\W+/g, '-')}.lua`, luaScript([{ weight: 1, next: c.selah }]));
    const m = await run(targets[1]!, classSeconds, only);
    console.log(`  ${c.name.padEnd(18)} ${formatLoad(m.load)}  (load average ${m.load1.toFixed(2)})`);
    console.log(`  ${''.padEnd(18)} ${formatUsage(m)}`);
  }

  // A page nobody asked for yet is rendered (then kept): what one costs, one at a time, through the proxy.
  await settled([first.child.pid!, second.child.pid!]);
  const renderAgent = new Agent({ keepAlive: true });
  const times: number[] = [];
  const apps = [first.child.pid!, second.child.pid!];
  const cpu0 = apps.reduce((sum, p) => sum + cpuMs(p), 0);
  for (let chapter = 1; chapter <= 20; chapter++) {
    const t0 = performance.now();
    const reply = await rawReply(`${two.url}/bible?book=Acts&chapter=${chapter}`, { ...BROWSER, Host: HOST }, renderAgent);
    times.push(performance.now() - t0);
    if (reply.status !== 200) throw new Error(`a new page answered ${reply.status}`);
  }
  const renderCpu = (apps.reduce((sum, p) => sum + cpuMs(p), 0) - cpu0) / times.length;
  renderAgent.destroy();
  console.log(
    `new pages rendered one at a time: median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms; app CPU ${renderCpu.toFixed(1)} ms a page (load average ${loadavg()[0]!.toFixed(2)})`,
  );
}

try {
  await main();
} finally {
  await cleanup();
}
