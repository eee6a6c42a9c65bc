import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { WEB_DIST } from '../server/test/web-build.ts';

// Issue 18: the installable app keeps what was read, and opens it again with the browser offline.
const { page: newPage } = useBrowser();

/** Waits until the service worker controls the page and has kept an address in one of its caches. */
async function kept(page: Page, cache: 'selah-bible' | 'selah-pages', matches: (url: URL) => boolean) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  const keys = () => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url), cache);
  await expect.poll(async () => (await keys()).some((url) => matches(new URL(url))), { timeout: 20_000 }).toBe(true);
}

const verseText = (page: Page, verse: number) => page.locator(`#v${verse}`).innerText();

describe('Reading offline', () => {
  it('is installable: a manifest with the icons a phone asks for', async () => {
    const page = await newPage({ serviceWorkers: 'allow' });
    await page.goto('/');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/bible', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
    }
    // The worker's script is always asked for again, so an update is found on the next visit.
    const sw = await page.request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).not.toMatch(/immutable|max-age=[1-9]/);
    // Its CSP is the worker's own: it may fetch from this site (to keep what is read), nothing else.
    expect(sw.headers()['content-security-policy']).toBe("default-src 'none'; connect-src 'self'");
  });

  it('opens chapters read before, with the network gone, and says plainly what it cannot open', async () => {
    const page = await newPage({ serviceWorkers: 'allow', width: 390, height: 844 });
    // The first page is opened before the worker exists: it is handed over and kept all the same.
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    const john316 = await verseText(page, 16);
    await kept(page, 'selah-pages', (url) => url.pathname === '/bible' && url.searchParams.get('chapter') === '3');
    // The next one is opened inside the app (no new page from the server), through the worker.
    await page.getByRole('navigation', { name: 'Chapter navigation' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/chapter=4/);
    await page.locator('#v1').waitFor();
    const john41 = await verseText(page, 1);
    expect(john41).not.toEqual('');
    await kept(page, 'selah-bible', (url) => url.pathname === '/api/bible/content/John/4');

    await page.context().setOffline(true);
    // A reload without a network: the app starts from what it kept and opens the chapter.
    await page.reload();
    await page.waitForURL(/book=John&chapter=4/);
    await expect.poll(() => verseText(page, 1), { timeout: 15_000 }).toBe(john41);
    await page.getByText('You’re offline.').waitFor();
    // Another chapter read before, by its address.
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await page.waitForURL(/book=John&chapter=3/);
    await expect.poll(() => verseText(page, 16), { timeout: 15_000 }).toBe(john316);
    // A chapter never read: a plain message, no endless spinner.
    await page.goto('/bible?book=Obadiah&chapter=1&translation=KJV');
    await page.getByText('it is not kept on this device: you may be offline').waitFor({ timeout: 15_000 });

    // Back online, the reader reads from the server again.
    await page.context().setOffline(false);
    await page.goto('/bible?book=Obadiah&chapter=1&translation=KJV');
    await expect.poll(() => verseText(page, 1)).toContain('Obadiah');
  });

  it('tells the person when a new version is ready, and brings it in on Reload', async () => {
    const page = await newPage({ serviceWorkers: 'allow' });
    await page.goto('/bible?book=Ruth&chapter=1&translation=KJV');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    // A new release: the worker's script changes (with the compressed copies the server sends).
    const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => join(WEB_DIST, name));
    const before = files.map((file) => readFileSync(file));
    const next = Buffer.concat([before[0]!, Buffer.from(`\n// release ${Date.now()}\n`)]);
    try {
      writeFileSync(files[0]!, next);
      writeFileSync(files[1]!, brotliCompressSync(next));
      writeFileSync(files[2]!, gzipSync(next));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('status').filter({ hasText: 'A new version of Selah is ready.' });
      await prompt.waitFor({ timeout: 20_000 });
      await page.evaluate(() => ((window as unknown as { before?: boolean }).before = true));
      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
      // The new worker is the one in charge, and nothing waits any more.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      expect(await prompt.count()).toBe(0);
    } finally {
      files.forEach((file, i) => writeFileSync(file, before[i]!));
    }
  });
});
