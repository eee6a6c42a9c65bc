import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';

// Issue 28: one name for a passage on every screen (docs/web.md, "Passage names"): "Psalm 23" for one
// psalm wherever it is shown, and the canon's English book names whichever translation is open.
const { page: newPage } = useBrowser();

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function selectVerse(page: Page, verse: number) {
  await page.locator(`#v${verse}`).click();
  const menu = page.getByTestId('verse-menu');
  await menu.waitFor();
  return menu;
}

describe('A passage has one name', () => {
  it('calls one psalm "Psalm" in the heading, the verse menu, compare, share, ask and the page title', async () => {
    const page = await newPage();
    await page.goto('/bible?book=Psalms&chapter=23&translation=KJV');
    expect(await heading(page).textContent()).toBe('Psalm 23, KJV');
    expect(await page.title()).toBe('Psalm 23 (KJV) — Selah');

    let menu = await selectVerse(page, 2);
    expect(await menu.getAttribute('aria-label')).toBe('Actions for Psalm 23:2');
    await page.locator('#v1').click();
    expect(await menu.getAttribute('aria-label')).toBe('Actions for Psalm 23:1–2');
    await menu.getByRole('button', { name: 'Compare' }).click();
    const compare = page.getByRole('dialog', { name: 'Compare Psalm 23:1–2' });
    await compare.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => compare.count()).toBe(0);

    menu = await selectVerse(page, 1);
    await menu.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share Psalm 23:1' });
    await share.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => share.count()).toBe(0);

    await page.goto('/bible?book=Psalms&chapter=23&verse=1&translation=KJV');
    expect(await page.title()).toBe('Psalm 23:1 (KJV) — Selah');
  });

  it('names books in English in the heading and the picker of a text with its own names, which the picker shows beside', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=3&translation=NVI');
    await expect.poll(() => heading(page).textContent()).toBe('John 3, NVI');
    const picker = page.getByRole('button', { name: /^Book: / });
    expect(await picker.textContent()).toContain('John');
    expect(await picker.textContent()).not.toContain('Juan');
    await picker.click();
    const john = page.getByRole('dialog', { name: 'Choose a book' }).getByRole('button', { name: /^John/ });
    expect(await john.textContent()).toBe('JohnJuan');
    expect(await john.getAttribute('aria-current')).toBe('true');
    // The Spanish name still finds the book.
    await page.getByRole('textbox', { name: 'Find a book' }).fill('salmos');
    await page
      .getByRole('dialog', { name: 'Choose a book' })
      .getByRole('button', { name: /^Psalms/ })
      .click();
    await expect.poll(() => heading(page).textContent()).toBe('Psalm 1, NVI');
    expect(await page.getByRole('button', { name: /^Book: / }).textContent()).toContain('Psalms');
  });
});
