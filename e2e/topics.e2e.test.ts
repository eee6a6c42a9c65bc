import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser, workerBlocked } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { smallTargets } from './touch-targets.ts';
import { site } from './site.ts';

const { page: newPage } = useBrowser();

const SYSTEM = '/usr/share/sword';
// The server's library root: where an admin's install from the Library unpacks (scripture/library/library-root.ts).
const libraryRoot = join(dirname(site().mediaDir), 'library');
// SCREENSHOTS=<folder> keeps the screenshots of the pages, to look at them.
const screenshots = process.env.SCREENSHOTS;

/** Nave's Topical Bible installed into the library as the Library panel leaves it (Debian's copy). */
function installNave() {
  mkdirSync(join(libraryRoot, 'mods.d'), { recursive: true });
  cpSync(join(SYSTEM, 'mods.d/nave.conf'), join(libraryRoot, 'mods.d/nave.conf'));
  cpSync(join(SYSTEM, 'modules/lexdict/zld/nave'), join(libraryRoot, 'modules/lexdict/zld/nave'), { recursive: true });
}
function removeNave() {
  rmSync(join(libraryRoot, 'mods.d/nave.conf'), { force: true });
  rmSync(join(libraryRoot, 'modules/lexdict/zld/nave'), { recursive: true, force: true });
}

describe.skipIf(!existsSync(join(SYSTEM, 'mods.d/nave.conf')))("the Topical Index (Nave's Topical Bible, Debian's sword-dict-naves)", () => {
  beforeAll(installNave);
  afterAll(removeNave);

  it('finds a topic by name, opens it, and follows one of its references to the reader', async () => {
    const page = await newPage();
    await page.goto('/topics');
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Topical Index');
    await expect.poll(() => page.locator('#topics-count').textContent()).toBe('5,320 topics, page 1 of 54');

    await page.getByLabel('Find a topic').fill('forgiv');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('forgiv');
    await expect.poll(() => page.locator('#topics-count').textContent()).toBe('1 topic matching “forgiv”');
    await page.getByRole('link', { name: 'Forgiveness', exact: true }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/topics/forgiveness');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Forgiveness');
    expect(await page.locator('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'OF ENEMIES',
      'INSTANCES OF',
      'OF SINS',
      'Related topics',
    ]);
    expect(await page.title()).toBe('Forgiveness — Topical Index — Selah');
    const exodus = page.getByRole('link', { name: 'Exodus 23:4', exact: true });
    expect(await exodus.locator('xpath=..').locator('p').textContent()).toBe(
      "If thou meet thine enemy's ox or his ass going astray, thou shalt surely bring it back to him again.",
    );
    // A related topic is a page of its own.
    expect(await page.getByRole('region', { name: 'Related topics' }).getByRole('link').allTextContents()).toEqual(['Enemy', 'Sin']);

    await exodus.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/bible');
    const url = new URL(page.url());
    expect([url.searchParams.get('book'), url.searchParams.get('chapter'), url.searchParams.get('verse')]).toEqual(['Exodus', '23', '4']);
    await expect.poll(() => page.locator('#v4').isVisible()).toBe(true);
  });

  it('shows a big topic a part at a time: "Show more", from the keyboard, adds the next part and takes the reader there', async () => {
    const page = await newPage();
    await page.goto('/topics/god');
    await page.waitForSelector('html[data-hydrated]');
    const status = page.getByRole('status').filter({ hasText: /^Part \d+ of \d+ shown$/ });
    const [, parts] = /^Part 1 of (\d+) shown$/.exec((await status.textContent()) ?? '') ?? [];
    expect(Number(parts)).toBeGreaterThan(10);
    const headings = page.locator('main article section[aria-labelledby^="heading-"]');
    const firstPart = await headings.count();
    expect(firstPart).toBeGreaterThan(0);

    const more = page.getByRole('button', { name: 'Show more of this topic' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toBe(`Part 2 of ${parts} shown`);
    expect(await headings.count()).toBeGreaterThan(firstPart);
    // Focus is where the new part starts, so the next Tab goes on through it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-topic-page]')?.getAttribute('data-topic-page'))).toBe('2');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    expect(await page.locator('[data-topic-page="2"] h2').first().textContent()).not.toBe('');

    // Every part can be reached, the button gone after the last.
    for (let n = 3; n <= Number(parts); n++) {
      await more.click();
      await expect.poll(() => status.textContent()).toBe(`Part ${n} of ${parts} shown`);
    }
    await expect.poll(() => more.count()).toBe(0);
  });

  it('hydrates its pages without a warning, and the browser does not fetch what came with the page', async () => {
    for (const path of ['/topics', '/topics?letter=F', '/topics/forgiveness', '/topics/god']) {
      const page = await newPage({ width: 390, height: 844 });
      const problems: string[] = [];
      page.on('console', (m) => {
        if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource') && !workerBlocked(m.text()))
          problems.push(m.text().slice(0, 300));
      });
      page.on('pageerror', (e) => problems.push(e.message.slice(0, 300)));
      const reads: string[] = [];
      page.on('request', (r) => void (r.url().includes('/api/study-tools/topics') && reads.push(r.url())));
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForSelector('html[data-hydrated]');
      expect(problems, path).toEqual([]);
      expect(reads, path).toEqual([]);
      await page.context().close();
    }
  });

  it('shows the topics a search names above its results, each a link to its page', async () => {
    const page = await newPage();
    await page.goto('/search?q=forgiveness');
    const topics = page.getByTestId('topic-links');
    await expect.poll(() => topics.getByRole('link').allTextContents()).toEqual(['Forgiveness']);
    // Above the verses found.
    const [linksTop, firstHitTop] = await Promise.all([
      topics.evaluate((el) => el.getBoundingClientRect().top),
      page.locator('#results-heading').evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(linksTop).toBeLessThan(firstHitTop);
    await topics.getByRole('link', { name: 'Forgiveness' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/topics/forgiveness');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Forgiveness');
    // A search whose words name no topic shows none.
    const asked = page.waitForResponse((r) => r.url().includes('/api/study-tools/topic-matches?q=the'));
    await page.goto('/search?q=the');
    expect((await asked).status()).toBe(200);
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.getByTestId('topic-links').count()).toBe(0);
  });

  it('is in the study links of the sidebar', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Your study' }).getByRole('link', { name: 'Topical Index' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/topics');
  });

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`is readable and reachable at ${width} px, ${colorScheme}: no serious axe findings, 44 px targets on phones`, async () => {
        const page = await newPage({ width, height, colorScheme });
        for (const [path, name] of [
          ['/topics?letter=F', 'index'],
          ['/topics/forgiveness', 'topic'],
          ['/search?q=forgiveness', 'search'],
        ] as const) {
          await page.goto(path);
          await page.waitForSelector('html[data-hydrated]');
          if (name === 'search') await expect.poll(() => page.getByTestId('topic-links').count()).toBe(1);
          else await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^(Topical Index|Forgiveness)$/);
          expect(await seriousViolations(page), path).toEqual([]);
          if (width < 640) expect(await smallTargets(page, 'main'), path).toEqual([]);
          if (screenshots) await page.screenshot({ path: join(screenshots, `topics-${name}-${width}-${colorScheme}.png`) });
        }
      });
    }
  }
});
