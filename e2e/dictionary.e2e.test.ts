import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EASTON_LIKE, installTestDictionary, NOT_DICTIONARIES, removeTestDictionary, SMITH_LIKE } from '../server/src/scripture/sword/testing-dictionary.ts';
import { useBrowser } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { smallTargets } from './touch-targets.ts';
import { site } from './site.ts';

// Issue 30 §3 dictionary: two Bible dictionaries built with imp2ld (Debian packages none), and a topical
// index and a lexicon that must not answer, installed into the server's library root as the Library leaves them.
const { page: newPage } = useBrowser();
const libraryRoot = join(dirname(site().mediaDir), 'library');
// SCREENSHOTS=<folder> keeps the screenshots, to look at them.
const screenshots = process.env.SCREENSHOTS;
const MODULES = [EASTON_LIKE, SMITH_LIKE, ...NOT_DICTIONARIES];

beforeAll(() => {
  for (const m of MODULES) installTestDictionary(libraryRoot, m);
});
afterAll(() => {
  for (const m of MODULES) removeTestDictionary(libraryRoot, m.name);
});

async function openJohn145(page: Page) {
  await page.goto('/bible?book=John&chapter=1&translation=KJV');
  await page.locator('html[data-hydrated]').waitFor();
  await page.locator('#v45').click();
  await page.getByTestId('verse-menu').getByRole('button', { name: 'Study', exact: true }).click();
  const study = page.getByRole('dialog', { name: 'Scripture Insights' });
  await study.waitFor();
  return study;
}

describe("the study panel's Dictionary tab", () => {
  it('lists the names of John 1:45 that the dictionaries have, and opens Moses from the keyboard: both entries, as text, with their licences', async () => {
    const page = await newPage();
    const study = await openJohn145(page);
    const asked = page.waitForResponse((r) => r.url().includes('/api/study-tools/dictionary/John/1/45?translation=KJV'));
    await study.getByRole('tab', { name: 'Dictionary' }).click();
    expect((await asked).status()).toBe(200);
    const names = study.getByRole('list', { name: 'Names in John 1:45' });
    await names.waitFor();
    const buttons = names.getByRole('button');
    expect(await buttons.evaluateAll((els) => els.map((el) => el.querySelector('span > span')?.textContent))).toEqual([
      'Philip',
      'Nathanael',
      'Moses',
      'Nazareth',
    ]);
    const moses = names.getByRole('button', { name: /^Moses/ });
    expect(await moses.textContent()).toBe("MosesEaston's Bible Dictionary (test edition) and Smith's Bible Dictionary (test edition)");
    expect(await moses.getAttribute('aria-expanded')).toBe('false');

    const entry = page.waitForResponse((r) => r.url().endsWith('/api/study-tools/dictionary/entry/MOSES'));
    await moses.focus();
    await page.keyboard.press('Enter');
    expect((await entry).status()).toBe(200);
    expect(await moses.getAttribute('aria-expanded')).toBe('true');
    const entries = study.getByTestId('dictionary-entry');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.getByRole('heading').allTextContents()).toEqual([
      "Easton's Bible Dictionary (test edition)",
      "Smith's Bible Dictionary (test edition)",
    ]);
    expect(await entries.first().locator('p').allTextContents()).toEqual([
      'Moses, drawn out of the water, the son of Amram and Jochebed.',
      'He led Israel out of Egypt.',
      '<img src=x onerror=alert(1)> is only text.',
      'Public Domain',
    ]);
    // Markup in a module reaches the page as text only.
    expect(await study.locator('img, script').count()).toBe(0);
    expect(await study.getByTestId('dictionary-licence').allTextContents()).toEqual(['Public Domain', 'Public Domain']);
    if (screenshots) await page.screenshot({ path: join(screenshots, 'dictionary-1280-light.png') });

    // Another name closes the first: one entry open at a time keeps the verse's names in reach.
    await names.getByRole('button', { name: /^Nazareth/ }).click();
    await expect.poll(() => entries.first().locator('p').first().textContent()).toBe('a town of Galilee where Jesus grew up.');
    expect(await moses.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('Escape');
    await expect.poll(() => study.count()).toBe(0);
  });

  it('says when no name of the verse has an entry', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await page.locator('html[data-hydrated]').waitFor();
    await page.locator('#v16').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Study', exact: true }).click();
    const study = page.getByRole('dialog', { name: 'Scripture Insights' });
    await study.getByRole('tab', { name: 'Dictionary' }).click();
    await expect.poll(() => study.getByTestId('dictionary-empty').textContent()).toBe('No name in John 3:16 has an entry in the installed dictionaries.');
  });

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`reads well at ${width} px, ${colorScheme}: no serious accessibility finding, and 44 px targets on a phone`, async () => {
        const page = await newPage({ width, height, colorScheme });
        const study = await openJohn145(page);
        await study.getByRole('tab', { name: 'Dictionary' }).click();
        await study.getByRole('button', { name: /^Moses/ }).click();
        await expect.poll(() => study.getByTestId('dictionary-entry').count()).toBe(2);
        expect(await seriousViolations(page)).toEqual([]);
        if (width < 640) expect(await smallTargets(page, '[data-testid="study-panel"]')).toEqual([]);
        if (screenshots) await page.screenshot({ path: join(screenshots, `dictionary-${width}-${colorScheme}.png`) });
      });
    }
  }
});
