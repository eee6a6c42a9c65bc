/**
 * Offline download (issue 18): the time and the bytes of "Download for offline" for a whole translation,
 * as a person does it — Chromium on /settings, the real server, the service worker in place — and then
 * the first search of the downloaded text with the network off (it builds the device's word index).
 * Bytes are what went over the wire (compressed, from the browser's resource timings) and what the
 * device keeps (its book list and books, as the download stores them).
 * Usage: npm run bench:offline [-- --translation KJV --data-dir ./data]   (run `npm run build` first)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../e2e/browser.ts';
import { startSelah } from './load.ts';

const { values: args } = parseArgs({ options: { 'data-dir': { type: 'string' }, translation: { type: 'string', default: 'KJV' } } });
const code = args.translation!;

async function main(): Promise<void> {
  const ownData = !args['data-dir'];
  const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'selah-offline-bench-'));
  const { base, server } = await startSelah(dataDir, { SAMPLE_CONTENT: 'off' });
  const browser = await launchChromium({ full: true });
  try {
    const context = await browser.newContext({ baseURL: base, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/settings');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.evaluate(() => performance.clearResourceTimings());
    await page.evaluate(() => performance.setResourceTimingBufferSize(5000));
    const row = page.getByTestId(`download-${code}`);
    const started = performance.now();
    await row.getByRole('button', { name: /^Download/ }).click();
    await row.getByText(/On this device:/).waitFor({ timeout: 600_000 });
    const seconds = (performance.now() - started) / 1000;
    const kept = await row.getByText(/On this device:/).innerText();
    const wire = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/bible/'))
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
    );
    await context.setOffline(true);
    const searchStarted = performance.now();
    await page.goto(`/search?q=light&translation=${code}`);
    await page.getByText('You’re offline: these are the verses').waitFor({ timeout: 120_000 });
    const searchSeconds = (performance.now() - searchStarted) / 1000;

    console.log(`\nDownload for offline: ${code} (Chromium, the real server on loopback, service worker on)`);
    console.log(`  time           ${seconds.toFixed(1)} s`);
    console.log(`  kept           ${kept.replace('On this device: ', '')}`);
    console.log(`  over the wire  ${(wire / (1024 * 1024)).toFixed(2)} MB (compressed)`);
    console.log(`  first offline search (builds the word index), page to results: ${searchSeconds.toFixed(2)} s`);
  } finally {
    await browser.close();
    server.kill();
    if (ownData) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
