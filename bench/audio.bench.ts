/**
 * Audio benchmark (npm run bench:audio): John 3 and Psalm 119 read by the embedded engine (flite in
 * worker threads, MP3 encoded there too) on a fresh media folder, reporting for each the time until
 * the reply (the passage ready to play), the file's size and length, and the server's event-loop delay
 * (p50, p99, max) while it was being made, measured in the server's own process.
 * Budgets (issue 14): Psalm 119 ready within 60 s; event-loop delay p99 under 50 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AudioReply } from '#common/contracts/audio.ts';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'selah-bench-audio-'));
const database = await openDatabase({ dataDir: null });
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SWORD_DISCOVERY: 'off',
  WEB_DIST: '/nonexistent',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  ALLOWED_HOSTS: 'localhost',
});
const app = await buildApp({ config, database, importDefaults: true, logger: false });

const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
const rows = [];
for (const [book, chapter] of [
  ['John', 3],
  ['Psalms', 119],
] as const) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const res = await app.server.inject({ method: 'POST', url: '/api/bible/audio', payload: { book, chapter, text: 'x', translation: 'KJV' } });
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  if (res.statusCode !== 200) throw new Error(`${book} ${chapter}: ${res.statusCode} ${res.body}`);
  const audio = res.json() as AudioReply;
  const bytes = (await app.server.inject(audio.audioUrl)).rawPayload.length;
  rows.push({
    passage: `${book} ${chapter} (KJV)`,
    verses: audio.verses.length - 1,
    readyS: Math.round(seconds * 10) / 10,
    audioMin: Math.round((audio.duration / 60) * 10) / 10,
    sizeKB: Math.round(bytes / 1024),
    loopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
  });
}
await app.server.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

for (const r of rows) {
  console.log(
    `${r.passage}: ready in ${r.readyS} s, ${r.audioMin} min of audio, ${r.sizeKB} KB, ${r.verses} verses; event-loop delay p50 ${r.loopDelayMs.p50} ms, p99 ${r.loopDelayMs.p99} ms, max ${r.loopDelayMs.max} ms`,
  );
}
const psalm = rows[1]!;
console.log(`budget: Psalm 119 ready within 60 s — ${psalm.readyS <= 60 ? 'met' : 'MISSED'} (${psalm.readyS} s)`);
const worst = Math.max(...rows.map((r) => r.loopDelayMs.p99));
console.log(`budget: event-loop delay p99 under 50 ms — ${worst < 50 ? 'met' : 'MISSED'} (${worst} ms)`);
