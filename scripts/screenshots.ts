/**
 * Screenshots of pages at phone and desktop widths, light and dark, for looking at what we build.
 * Usage: npx tsx scripts/screenshots.ts http://127.0.0.1:3000 out-dir /bible?book=John&chapter=3 /search?q=love
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../e2e/browser.ts';

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error('usage: screenshots.ts <base-url> <out-dir> <path>…');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await launchChromium({ full: true });
for (const path of paths) {
  for (const [label, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme, deviceScaleFactor: 1 });
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(700);
      const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${label}-${scheme}.png`;
      // FULL_PAGE=1: the whole page, for what runs below the fold (a long answer).
      await page.screenshot({ path: join(outDir, name), fullPage: process.env.FULL_PAGE === '1' });
      console.log(join(outDir, name));
      await page.close();
    }
  }
}
await browser.close();
