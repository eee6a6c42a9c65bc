/**
 * The study panel's tool tabs (issue 30 §3: opening any tab < 150 ms on a warm server), as a reader
 * feels them: in Chromium, from the click on a tab to its content shown (no placeholder left), on phone
 * and desktop widths. The server is `npm start` on a fresh data folder with the machine's SWORD modules
 * (Debian's commentaries, Strong's lexicons, Nave's), so every tab has real work to do.
 *
 *   npm run bench:study-panel [-- --data-dir DIR]
 *
 * Warm: each tab is opened once on a verse not measured, so the modules are open; then on every verse of
 * the list, in turn, each tab's first opening there (its reply is not cached anywhere) is timed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser.ts';
import { startSelah } from './load.ts';

const { values: args } = parseArgs({ options: { 'data-dir': { type: 'string' } } });

const TABS = ['Commentary', 'Cross references', 'Dictionary'] as const;
/** Verses with names, commentary and cross references; the first of each chapter warms up. */
const CHAPTERS: { book: string; chapter: number; verses: number[] }[] = [
  { book: 'John', chapter: 3, verses: [16, 1, 2, 3, 5, 14, 17, 18, 22, 23] },
  { book: 'Psalms', chapter: 23, verses: [1, 2, 3, 4, 5, 6] },
  { book: 'Genesis', chapter: 12, verses: [1, 4, 5, 6, 10, 17] },
];
const BUDGET_MS = 150;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The open tab's panel shows its content: no placeholder is busy in it. */
async function tabShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const panel = document.querySelector('[data-testid="study-panel"] [role="tabpanel"]:not([hidden])');
    return !!panel && !panel.querySelector('[aria-busy="true"]') && (panel.textContent ?? '').trim().length > 0;
  });
}

async function openPanel(page: Page, verse: number): Promise<void> {
  await page.locator(`#v${verse}`).click();
  await page.getByTestId('verse-menu').getByRole('button', { name: 'Quote' }).click();
  await page.getByRole('dialog', { name: 'Scripture Insights' }).waitFor();
}

async function closePanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Scripture Insights' }).waitFor({ state: 'detached' });
}

async function measure(page: Page): Promise<Record<(typeof TABS)[number], number[]>> {
  const times = Object.fromEntries(TABS.map((tab) => [tab, [] as number[]])) as Record<(typeof TABS)[number], number[]>;
  for (const { book, chapter, verses } of CHAPTERS) {
    await page.goto(`/bible?book=${book}&chapter=${chapter}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    for (const [i, verse] of verses.entries()) {
      await openPanel(page, verse);
      for (const tab of TABS) {
        const started = performance.now();
        await page.getByRole('dialog', { name: 'Scripture Insights' }).getByRole('tab', { name: tab }).click();
        await tabShown(page);
        if (i > 0) times[tab].push(performance.now() - started);
      }
      await closePanel(page);
    }
  }
  return times;
}

async function main(): Promise<void> {
  const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'selah-study-bench-'));
  console.log(`starting Selah (data: ${dataDir}; the first start imports the translations)…`);
  const { base, server } = await startSelah(dataDir);
  const browser = await launchChromium({ full: true });
  try {
    let missed = false;
    for (const [device, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1280, 800],
    ] as const) {
      const context = await browser.newContext({ baseURL: base, viewport: { width, height } });
      const times = await measure(await context.newPage());
      for (const tab of TABS) {
        const sorted = times[tab].sort((a, b) => a - b);
        const p95 = percentile(sorted, 95);
        missed ||= p95 >= BUDGET_MS;
        console.log(
          `${device.padEnd(8)} ${tab.padEnd(17)} ${sorted.length} openings: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
        );
      }
      await context.close();
    }
    console.log(`budget    opening a tab < ${BUDGET_MS} ms (p95): ${missed ? 'MISSED' : 'met'}`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
