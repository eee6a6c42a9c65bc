import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { signUpAndConfirm } from './account-steps.ts';

const { page: newPage } = useBrowser();

const colourOf = (page: Page, verse: number) => page.locator(`#v${verse}`).getAttribute('class');

async function highlight(page: Page, verses: number[], colour: string) {
  // Later verses first: the open menu sits below the last tap and may cover the verses under it.
  for (const v of verses) await page.locator(`#v${v}`).click();
  await page
    .getByTestId('verse-menu')
    .getByRole('button', { name: `Highlight ${colour}` })
    .click();
}

describe('highlights from the verse menu', () => {
  it('lets a guest highlight several verses, keeps them in the browser, and removes them', async () => {
    const page = await newPage();
    await page.goto('/bible?book=Psalms&chapter=23');
    await expect.poll(() => page.locator('#v1').isVisible()).toBe(true);
    await page.locator('#v1').click();
    // The menu is open (with its colours) but offers no removal for a verse that is not highlighted.
    await expect.poll(() => page.getByTestId('verse-menu').isVisible()).toBe(true);
    expect(await page.getByTestId('verse-menu').getByRole('button').count()).toBeGreaterThan(4);
    expect(await page.getByRole('button', { name: 'Remove highlight' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await highlight(page, [2, 1], 'green');
    await expect.poll(() => colourOf(page, 1)).toContain('bg-green-200');
    expect(await colourOf(page, 2)).toContain('bg-green-200');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('guestHighlights') ?? '[]'));
    expect(stored.map((h: { verse: string; userId: string }) => [h.verse, h.userId]).sort()).toEqual([
      ['PSALMS.23.1', 'guest'],
      ['PSALMS.23.2', 'guest'],
    ]);
    await page.reload();
    await expect.poll(() => colourOf(page, 2)).toContain('bg-green-200');
    await page.locator('#v2').click();
    await page.getByRole('button', { name: 'Remove highlight' }).click();
    await expect.poll(() => colourOf(page, 2)).not.toContain('bg-green-200');
    expect(await colourOf(page, 1)).toContain('bg-green-200');
  });

  it("keeps a signed-in reader's highlights on the server", async () => {
    const page = await newPage();
    await signUpAndConfirm(page, 'phoebe@example.org', 'servant of the church');
    await page.getByRole('dialog', { name: 'Welcome to Selah' }).getByRole('button', { name: 'Continue' }).click();

    await page.goto('/bible?book=Romans&chapter=16');
    await expect.poll(() => page.locator('#v1').isVisible()).toBe(true);
    await highlight(page, [2, 1], 'blue');
    await expect.poll(() => colourOf(page, 1)).toContain('bg-sky-200');
    expect(await page.evaluate(() => localStorage.getItem('guestHighlights'))).toBeNull();
    const server = await page.evaluate(async () => (await fetch('/api/highlights', { credentials: 'include' })).json());
    expect(server.map((h: { reference: string; color: string }) => [h.reference, h.color]).sort()).toEqual([
      ['Romans 16:1', 'blue'],
      ['Romans 16:2', 'blue'],
    ]);
    await page.reload();
    await expect.poll(() => colourOf(page, 2)).toContain('bg-sky-200');
  });
});

describe('guest to account', () => {
  it("moves a guest's highlights into the account on sign-up, and out of the browser", async () => {
    const page = await newPage();
    await page.goto('/bible?book=Ruth&chapter=1');
    await expect.poll(() => page.locator('#v16').isVisible()).toBe(true);
    await highlight(page, [17, 16], 'pink');
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('guestHighlights') ?? '[]').length)).toBe(2);

    await signUpAndConfirm(page, 'naomi@example.org', 'call me mara now');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('guestHighlights'))).toBeNull();
    const server = await page.evaluate(async () => (await fetch('/api/highlights')).json());
    expect(server.map((h: { reference: string }) => h.reference).sort()).toEqual(['Ruth 1:16', 'Ruth 1:17']);
    await page.getByRole('dialog', { name: 'Welcome to Selah' }).getByRole('button', { name: 'Continue' }).click();
    await page.goto('/bible?book=Ruth&chapter=1');
    await expect.poll(() => colourOf(page, 16)).toContain('bg-pink-200');
  });
});
