import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { plainText } from '#common/scripture/content.ts';
import { osisToNodes } from '../server/src/scripture/osis/osis-to-nodes.ts';
import { findSwordModule } from '../server/src/scripture/sword/discover.ts';
import { ZVerseReader } from '../server/src/scripture/sword/ztext.ts';
import { useBrowser } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { smallTargets } from './touch-targets.ts';

const { page: newPage } = useBrowser();

const SYSTEM = '/usr/share/sword';
// The server's library root: where an admin's install from the Library unpacks (scripture/library/library-root.ts).
const libraryRoot = join(dirname(inject('mediaDir')), 'library');
// SCREENSHOTS=<folder> keeps the screenshots of both tabs, to look at them.
const screenshots = process.env.SCREENSHOTS;

/** Matthew Henry's Concise, installed into the library as the Library panel leaves it (Debian's copy). */
beforeAll(() => {
  mkdirSync(join(libraryRoot, 'mods.d'), { recursive: true });
  cpSync(join(SYSTEM, 'mods.d/mhcc.conf'), join(libraryRoot, 'mods.d/mhcc.conf'));
  cpSync(join(SYSTEM, 'modules/comments/zcom/mhcc'), join(libraryRoot, 'modules/comments/zcom/mhcc'), { recursive: true });
});
afterAll(() => {
  rmSync(join(libraryRoot, 'mods.d/mhcc.conf'), { force: true });
  rmSync(join(libraryRoot, 'modules/comments/zcom/mhcc'), { recursive: true, force: true });
});

const panel = (page: Page) => page.getByRole('dialog', { name: 'Scripture Insights' });

async function openOnVerse16(page: Page) {
  await page.goto('/bible?book=John&chapter=3');
  await expect.poll(() => page.locator('#v16').isVisible()).toBe(true);
  await page.locator('#v16').click();
  await page.getByTestId('verse-menu').getByRole('button', { name: 'Quote' }).click();
  await expect.poll(() => panel(page).isVisible()).toBe(true);
  return panel(page);
}

describe.skipIf(!existsSync(join(SYSTEM, 'mods.d/mhcc.conf')))('the study panel’s Commentary and Cross references tabs', () => {
  it("shows Matthew Henry's comment on John 3:16 with its licence, and the cross references with their text, one of which opens in the reader", async () => {
    const page = await newPage();
    const study = await openOnVerse16(page);
    expect(await study.getByRole('tab').allTextContents()).toEqual(['Quote', 'Study', 'Ask', 'Notes', 'Mark', 'Commentary', 'Cross references']);

    // Reached from the keyboard like the other tabs: arrow keys move along the tab list.
    await study.getByRole('tab', { name: 'Mark' }).focus();
    const asked = page.waitForResponse((r) => r.url().includes('/api/study-tools/commentaries/John/3/16'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect((await asked).status()).toBe(200);
    expect(await study.getByRole('tab', { selected: true }).textContent()).toBe('Commentary');
    const commentary = study.getByTestId('commentary');
    await expect.poll(() => commentary.count()).toBe(1);
    expect(await commentary.getByRole('heading').textContent()).toBe("Matthew Henry's Concise Commentary on the Whole Bible");
    expect(await commentary.getByTestId('commentary-on').textContent()).toBe('From its note at John 3:1');
    expect(await commentary.getByTestId('commentary-licence').textContent()).toBe('Public Domain');
    const entry = ZVerseReader.open(findSwordModule('MHCC', [SYSTEM])!).commentaryEntry('John', 3, 16)!;
    const direct = plainText(osisToNodes(entry.markup, { keepIntroductions: true }));
    const nicodemus = commentary.locator('p', { hasText: 'Nicodemus was afraid' });
    expect(direct).toContain(await nicodemus.textContent());

    const crossTab = study.getByRole('tab', { name: 'Cross references' });
    await crossTab.click();
    const references = study.getByTestId('cross-reference');
    await expect.poll(() => references.count()).toBeGreaterThan(5);
    const first = references.first();
    const name = (await first.getByRole('link').textContent())!;
    const m = /^(.+) (\d+):(\d+)$/.exec(name)!;
    const api = (await (await page.request.get(`/api/bible/content/${encodeURIComponent(m[1]!)}/${m[2]}?translation=KJV`)).json()) as {
      verses: { verse: number; text: string }[];
    };
    const text = api.verses.find((v) => v.verse === Number(m[3]))!.text;
    expect(await first.locator('p').textContent()).toBe(text);

    await first.getByRole('link').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('book')).toBe(m[1]);
    expect(new URL(page.url()).searchParams.get('chapter')).toBe(m[2]);
    expect(new URL(page.url()).searchParams.get('verse')).toBe(m[3]);
    await expect.poll(() => panel(page).count()).toBe(0);
    await expect.poll(() => page.locator(`#v${m[3]}`).isVisible()).toBe(true);
  });

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`reads well at ${width} px, ${colorScheme}: no serious accessibility finding, and 44 px targets on a phone`, async () => {
        const page = await newPage({ width, height, colorScheme });
        const study = await openOnVerse16(page);
        for (const tab of ['Commentary', 'Cross references']) {
          await study.getByRole('tab', { name: tab }).click();
          await expect.poll(() => study.getByTestId(tab === 'Commentary' ? 'commentary' : 'cross-reference').count()).toBeGreaterThan(0);
          expect(await seriousViolations(page)).toEqual([]);
          if (width < 640) expect(await smallTargets(page, '[data-testid="study-panel"]')).toEqual([]);
          if (screenshots) await page.screenshot({ path: join(screenshots, `${tab.replace(' ', '-').toLowerCase()}-${width}-${colorScheme}.png`) });
        }
      });
    }
  }
});
