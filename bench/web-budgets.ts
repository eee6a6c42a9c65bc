/**
 * Web budgets for the reader issue, measured on the built app served by the real server:
 *   - initial JavaScript for /bible (every script the page loads, gzip -9 sizes): budget 170 KB;
 *   - Lighthouse (mobile emulation, Debian Chromium) performance ≥ 90 and accessibility ≥ 95 for / and /bible;
 *   - axe-core serious/critical violations on each page (the e2e suite fails on any).
 * Usage: npm run bench:web  [-- --data-dir ./data]   (run `npm run build` first)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { launchChromium } from '../e2e/browser.ts';
import { seriousViolations } from '../e2e/axe.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({ options: { 'data-dir': { type: 'string' } } });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function main(): Promise<void> {
  const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'selah-webbench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SWORD_DISCOVERY: 'off' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const browser = await launchChromium();
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* starting */
      }
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }

    // Initial JavaScript: what Chromium fetches to show /bible, measured as gzip -9 of each file.
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => r.resourceType() === 'script' && scripts.add(new URL(r.url()).pathname));
    await page.goto(`${base}/bible?book=John&chapter=3`, { waitUntil: 'networkidle' });
    let total = 0;
    for (const path of scripts) {
      const size = gzipSync(readFileSync(join(ROOT, 'dist/web', path)), { level: 9 }).length;
      total += size;
      console.log(`  ${path}: ${(size / 1024).toFixed(1)} KB gzipped`);
    }
    console.log(
      `initial JS for /bible: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files (budget 170 KB: ${total <= 170 * 1024 ? 'met' : 'MISSED'})`,
    );

    for (const path of ['/', '/bible?book=John&chapter=3', '/search?q=love', '/no/such/page']) {
      const p = await browser.newPage();
      await p.goto(base + path, { waitUntil: 'networkidle' });
      const found = await seriousViolations(p);
      console.log(`axe ${path}: ${found.length} serious or critical violations${found.length ? ` (${found.map((f) => f.id).join(', ')})` : ''}`);
      await p.close();
    }
    await browser.close();

    // Lighthouse drives its own Chromium (mobile emulation, simulated throttling by default).
    const { launch } = await import('chrome-launcher');
    for (const path of ['/', '/bible?book=John&chapter=3']) {
      const chrome = await launch({
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      try {
        const result = await lighthouse(base + path, {
          port: chrome.port,
          onlyCategories: ['performance', 'accessibility'],
          logLevel: 'error',
          output: 'json',
        });
        const categories = result!.lhr.categories;
        const perf = Math.round((categories.performance?.score ?? 0) * 100);
        const a11y = Math.round((categories.accessibility?.score ?? 0) * 100);
        const audits = result!.lhr.audits;
        console.log(
          `lighthouse ${path}: performance ${perf} (budget 90: ${perf >= 90 ? 'met' : 'MISSED'}), accessibility ${a11y} (budget 95: ${a11y >= 95 ? 'met' : 'MISSED'}); ` +
            `FCP ${audits['first-contentful-paint']?.displayValue}, LCP ${audits['largest-contentful-paint']?.displayValue}, TBT ${audits['total-blocking-time']?.displayValue}, CLS ${audits['cumulative-layout-shift']?.displayValue}`,
        );
        for (const [id, audit] of Object.entries(audits)) {
          if (audit.score !== null && audit.score < 0.9 && categories.accessibility?.auditRefs.some((r) => r.id === id && r.weight > 0))
            console.log(`    a11y audit below 0.9: ${id}: ${audit.title}`);
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await browser.close().catch(() => {});
    server.kill('SIGTERM');
    if (!args['data-dir']) setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);
  }
}

await main();
