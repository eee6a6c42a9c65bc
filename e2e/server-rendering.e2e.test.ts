import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { workerBlocked, useBrowser } from './fixtures.ts';
import { signInAs } from './session.ts';
import { SEEDED_READER } from './seeded-accounts.ts';

const { page: newPage, baseUrl } = useBrowser();

/** Errors and warnings a page logs, but a guest's expected 401 for "who am I?" and other failed loads the network reports. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource') && !workerBlocked(m.text()))
      problems.push(m.text().slice(0, 300));
  });
  page.on('pageerror', (e) => problems.push(e.message.slice(0, 300)));
  return problems;
}

/** The chapter reads the page asked the server for after it loaded. */
function chapterReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/bible/content/') || r.url().includes('/api/bible/available-books/')) reads.push(new URL(r.url()).pathname);
  });
  return reads;
}

/** Notes the moment the page hydrated (the app's `data-hydrated`), in the page's own clock. */
function noteHydration() {
  const note = new MutationObserver(() => {
    if (!document.documentElement?.dataset.hydrated) return;
    (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
    note.disconnect();
  });
  note.observe(document, { attributes: true, subtree: true, childList: true });
}

/**
 * The scripts the page waited for before it hydrated that were asked for only once a script importing them had
 * arrived: found one import at a time, a round trip each. The app's script asks for all of them together with
 * the entry, so none should start after the entry's own bytes are in. (What starts as the page hydrates, the
 * service worker's registration, arrives after.)
 */
function scriptsFoundLate(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hydratedAt = (window as unknown as { hydratedAt: number }).hydratedAt;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (r) => new URL(r.name).pathname.endsWith('.js') && r.responseEnd < hydratedAt,
    );
    const entry = scripts.find((r) => new URL(r.name).pathname.startsWith('/assets/entry-client-'));
    if (!entry) return ['no entry before hydration'];
    return scripts.filter((r) => r.startTime > entry.responseEnd).map((r) => new URL(r.name).pathname);
  });
}

describe('pages rendered on the server', () => {
  it('hydrate without a warning, and the browser does not fetch what came with the page', async () => {
    for (const path of [
      '/bible?book=John&chapter=3&translation=WEB',
      '/bible?book=Psalms&chapter=23',
      '/',
      '/search?q=shepherd',
      '/about',
      '/nowhere',
      '/notes',
      '/chat',
    ]) {
      const page = await newPage({ width: 390, height: 844 });
      const problems = consoleProblems(page);
      const reads = chapterReads(page);
      await page.addInitScript(noteHydration);
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(problems, path).toEqual([]);
      expect(await scriptsFoundLate(page), path).toEqual([]);
      if (path.startsWith('/bible')) expect(reads, path).toEqual([]);
      await page.context().close();
    }
  });

  it("shows a signed-in reader's highlights once the page has hydrated, without a mismatch", async () => {
    const page = await signInAs(await newPage(), SEEDED_READER);
    const problems = consoleProblems(page);
    await page.goto('/');
    const saved = await page.evaluate(async () => {
      const res = await fetch('/api/highlights', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ verse: 'JOHN.3.16', reference: 'John 3:16', text: 'For God so loved the world', color: 'green' }),
      });
      return res.status;
    });
    expect(saved).toBe(200);
    await page.goto('/bible?book=John&chapter=3&translation=KJV', { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('[data-verse="16"]').first().getAttribute('class')).toContain('bg-green-200');
    await expect.poll(() => page.getByRole('button', { name: /account menu|Quiet Reader/i }).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('reads and moves between chapters and books with JavaScript off', async () => {
    const browser = (await newPage()).context().browser()!;
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
    const plain = await context.newPage();
    await plain.goto('/bible?book=John&chapter=3&translation=WEB');
    await expect.poll(() => plain.getByRole('heading', { level: 1 }).textContent()).toContain('John 3');
    expect(await plain.locator('body').textContent()).toContain('For God so loved the world');
    await plain.getByRole('link', { name: 'Next', exact: true }).click();
    await expect.poll(() => plain.getByRole('heading', { level: 1 }).textContent()).toContain('John 4');
    expect(plain.url()).toContain('translation=WEB');
    await plain.getByRole('navigation', { name: 'Books and chapters' }).getByRole('link', { name: 'Ruth' }).click();
    await expect.poll(() => plain.getByRole('heading', { level: 1 }).textContent()).toContain('Ruth 1');
    await plain.getByRole('navigation', { name: 'Books and chapters' }).getByRole('link', { name: '4', exact: true }).click();
    await expect.poll(() => plain.getByRole('heading', { level: 1 }).textContent()).toContain('Ruth 4');
    await plain.getByRole('link', { name: 'Previous', exact: true }).click();
    await expect.poll(() => plain.getByRole('heading', { level: 1 }).textContent()).toContain('Ruth 3');
    await context.close();
  });

  it('moves to the next chapter inside the page once hydrated, with the chapter fetched on hover', async () => {
    const page = await newPage();
    const reads = chapterReads(page);
    await page.goto('/bible?book=John&chapter=3&translation=WEB', { waitUntil: 'networkidle' });
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const next = page.getByRole('navigation', { name: 'Chapter navigation' }).getByRole('link', { name: 'Next' });
    await next.hover();
    await expect.poll(() => reads).toContain('/api/bible/content/John/4');
    await next.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('John 4');
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(await page.title()).toBe('John 4 (WEB) — Selah');
  });
});
