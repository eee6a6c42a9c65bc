/**
 * Study import benchmark: how a large import (our JSON export, ~25 MB) affects everyone else.
 * Starts the real server (npm start's entry) on a fresh embedded database, signs up readers, then
 * imports while a reader keeps asking for a chapter every 10 ms, and reports:
 *   - how long the import took, and the slowest chapter read meanwhile (how long the server stalled);
 *   - the same with four imports at once (four accounts);
 *   - the server's peak resident memory (VmHWM) after each.
 * Usage: npm run bench:import  [-- --megabytes 25]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROTESTANT_CANON, verseCount } from '#common/scripture/canon.ts';
import { verseId } from '#common/scripture/verse-id.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({ options: { megabytes: { type: 'string', default: '25' } } });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const memory = (pid: number, field: 'VmHWM' | 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** An export file of about `megabytes`: 10,000 notes (long ones) and 10,000 highlights. */
function exportFile(megabytes: number, seed: string): string {
  const noteLength = Math.max(100, Math.floor((megabytes * 1024 * 1024 - 10_000 * 260) / 10_000) - 200);
  const words = 'grace peace mercy light truth faith hope love wisdom shepherd '.repeat(Math.ceil(noteLength / 60)).slice(0, noteLength);
  const notes = Array.from({ length: 10_000 }, (_, i) => ({
    type: 'freeform',
    title: `Freeform for Psalms ${1 + (i % 150)}:1`,
    reference: `Psalms ${1 + (i % 150)}:1`,
    content: `${seed} ${i} ${words}`,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  }));
  // The first 10,000 verses of the Bible, one highlight each.
  const highlights = [];
  for (const book of PROTESTANT_CANON) {
    for (let chapter = 1; chapter <= book.chapters; chapter++) {
      for (let verse = 1; verse <= verseCount(book, chapter)! && highlights.length < 10_000; verse++) {
        highlights.push({
          verse: verseId(book, chapter, verse),
          color: 'yellow',
          reference: `${book.name} ${chapter}:${verse}`,
          text: 'In the beginning God created the heaven and the earth.',
        });
      }
    }
  }
  return JSON.stringify({ format: 'selah-study-export', version: 1, exportedAt: new Date().toISOString(), notes, highlights });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'selah-importbench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = async () => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SWORD_DISCOVERY: 'off', TRUST_PROXY: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return child;
      } catch {
        /* starting */
      }
      if (i > 1200) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const stop = async (child: ReturnType<typeof spawn>) => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  // The first start imports the translations (its peak memory is its own); measure a second start.
  await stop(await start());
  const server = await start();
  try {
    const headers = (ip: string) => ({ 'content-type': 'application/json', origin: base, 'x-forwarded-for': ip });
    async function reader(n: number): Promise<string> {
      const email = `reader${n}@example.org`;
      await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: headers(`10.0.0.${n}`),
        body: JSON.stringify({ email, password: 'a long password', name: `reader${n}` }),
      });
      const mailDir = join(dataDir, 'mail');
      const mail = readdirSync(mailDir)
        .map((f) => readFileSync(join(mailDir, f), 'utf8'))
        .find((m) => m.includes(email))!;
      const link = /http:\/\/\S+verify-email\S+/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![0];
      const res = await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': `10.0.0.${n}` } });
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }

    const chapter = `${base}/api/bible/content/John/3?translation=KJV`;
    async function readLatencies(until: Promise<unknown>): Promise<number[]> {
      let done = false;
      void until.finally(() => (done = true));
      const times: number[] = [];
      while (!done) {
        const t = performance.now();
        await (await fetch(chapter, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
        times.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 10));
      }
      return times.sort((a, b) => a - b);
    }
    const quiet = await readLatencies(new Promise((r) => setTimeout(r, 2000)));

    async function run(label: string, cookies: string[]) {
      const files = cookies.map((_, i) => exportFile(Number(args.megabytes), `file${i}`));
      const started = performance.now();
      const imports = Promise.all(
        cookies.map(async (cookie, i) => {
          const res = await fetch(`${base}/api/study/import`, { method: 'POST', headers: { ...headers(`10.1.0.${i}`), cookie }, body: files[i] });
          return [res.status, await res.text()] as const;
        }),
      );
      const latencies = await readLatencies(imports);
      const results = await imports;
      const seconds = (performance.now() - started) / 1000;
      const statuses = results.map(([s, body]) => (s === 200 ? 200 : `${s} ${body.slice(0, 80)}`));
      console.log(
        `${label}: ${(files[0]!.length / 1024 / 1024).toFixed(1)} MB each, ${seconds.toFixed(1)} s, replies ${statuses.join(', ')}; ` +
          `chapter reads meanwhile: ${latencies.length}, p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms, ` +
          `max ${latencies.at(-1)!.toFixed(0)} ms; server peak memory ${memory(server.pid!, 'VmHWM').toFixed(0)} MB`,
      );
    }

    console.log(
      `chapter read with nothing else going on: p50 ${quiet[Math.floor(quiet.length / 2)]!.toFixed(1)} ms, max ${quiet.at(-1)!.toFixed(1)} ms; ` +
        `server memory ${memory(server.pid!, 'VmRSS').toFixed(0)} MB (peak so far ${memory(server.pid!, 'VmHWM').toFixed(0)} MB)`,
    );
    await run('one import', [await reader(1)]);
    await run('four imports at once', await Promise.all([2, 3, 4, 5].map(reader)));
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
