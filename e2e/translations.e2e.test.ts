import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { site } from './site.ts';

const { page: newPage } = useBrowser();

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** Makes the licensed provider's stand-in answer a chapter badly (or well again, with no behaviour). */
const provider = async (chapter: string, behaviour?: 'rate-limit' | 'error' | 'hang' | number) =>
  void (await fetch(`${site().apiBibleControl}?chapter=${chapter}${behaviour ? `&behaviour=${behaviour}` : ''}`));

describe('translations: local and licensed', () => {
  it('offers licensed translations beside local ones in the picker, with category, source and licence', async () => {
    const page = await newPage();
    await page.goto('/bible?book=Psalms&chapter=23');
    await page.getByRole('button', { name: /^Translation: / }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a translation' });
    const niv = picker.getByRole('button', { name: /^NIV/ });
    await expect.poll(() => niv.textContent()).toContain('New International Version');
    expect(await niv.textContent()).toContain('Thought-for-Thought');
    expect(await niv.textContent()).toContain('Licensed · online');
    const kjv = picker.getByRole('button', { name: /^KJV/ });
    expect(await kjv.textContent()).toContain('On this server');
    expect(await kjv.textContent()).toContain('Public domain');
    // The Spanish licensed text is under its language.
    expect(await picker.getByRole('region', { name: 'Spanish' }).getByRole('button', { name: /^NVI/ }).count()).toBe(1);

    await niv.click();
    await expect.poll(() => heading(page).textContent()).toBe('Psalm 23, NIV');
    await expect.poll(() => page.locator('#v3').textContent()).toContain('Fixture line three.');
    expect(await page.getByTestId('copyright').textContent()).toBe('New International Version (NIV). Test copyright notice of niv-test-01.');
    expect(await page.evaluate(() => localStorage.getItem('preferredTranslation'))).toBe('NIV');
  });

  it('shows a local chapter’s licence line under it', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await expect.poll(() => page.getByTestId('copyright').textContent()).toMatch(/^King James Version \(KJV\)\. .*[Pp]ublic domain/);
  });

  it('says a licensed chapter could not be loaded, offers a local one, and tries again', async () => {
    await provider('JHN.7', 'rate-limit');
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=7&translation=NIV');
    const card = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect.poll(() => card.textContent()).toContain("The NIV text is busy right now: its publisher's service asked us to wait.");
    expect(await card.getByRole('button', { name: 'KJV', exact: true }).count()).toBe(1);
    await provider('JHN.7');
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('#v1').textContent()).toContain('Fixture verse 1 of JHN.7.');

    await provider('JHN.8', 'error');
    await page.goto('/bible?book=John&chapter=8&translation=NIV');
    await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).getByRole('button', { name: 'KJV', exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe('John 8, KJV');
    await provider('JHN.8');
  });

  it('opens a chapter the provider is slow to send at once, with its skeleton until the text comes', async () => {
    await provider('GEN.12', 1_500);
    const page = await newPage();
    await page.goto('/bible?book=Genesis&chapter=11&translation=NIV');
    await expect.poll(() => page.locator('#v1').textContent()).toContain('Fixture verse 1 of GEN.11.');
    await page.getByRole('link', { name: 'Next chapter' }).first().click();
    await expect.poll(() => heading(page).textContent()).toBe('Genesis 12, NIV');
    expect(await page.getByTestId('chapter-skeleton').isVisible()).toBe(true);
    await expect.poll(() => page.locator('#v1').textContent(), { timeout: 5_000 }).toContain('Fixture verse 1 of GEN.12.');
    await provider('GEN.12');
  });

  it('shows Translation Not Available for a chapter the licensed text lacks, suggesting local ones', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=21&translation=NIV');
    await expect.poll(() => page.getByRole('heading', { name: 'Translation Not Available' }).isVisible()).toBe(true);
    expect(await page.getByText('John 21 is not available in the NIV translation. Please try a different book or translation.').count()).toBe(1);
    await page.getByRole('button', { name: 'Go to Genesis 1 in NIV' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Genesis 1, NIV');
  });

  it('compares the spec’s defaults where they are offered, licensed ones included, standing in for the rest', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await page.locator('#v16').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Compare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare John 3:16' });
    await expect.poll(() => dialog.getByTestId('compare-item').count()).toBe(5);
    const pressed = await dialog.locator('button[aria-pressed="true"]').allTextContents();
    // KJV, NIV and MSG are offered; ESV (word-for-word) and NLT are stood in for by local English texts.
    expect(pressed.sort()).toEqual(['ASV', 'KJV', 'MSG', 'NIV', 'PSJN']);
    await expect.poll(() => dialog.getByTestId('compare-item').nth(1).textContent()).toContain('Fixture sixteen in red.');
  });

  it('lists every translation with its details in settings', async () => {
    const page = await newPage();
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Translations' });
    const niv = section.getByRole('listitem').filter({ hasText: 'New International Version' });
    await expect.poll(() => niv.textContent()).toContain('Licensed · online');
    expect(await niv.textContent()).toContain('Not for this text: offline reading, audio, verse pictures');
    const kjv = section.getByRole('listitem').filter({ hasText: 'King James Version' }).first();
    expect(await kjv.textContent()).toContain('On this server');
    expect(await kjv.textContent()).toContain('Works offline');
  });
});

describe('the translation picker without a list', () => {
  it('offers the spec’s fallback list, checked one by one, when the list cannot be loaded', async () => {
    const page = await newPage();
    await page.clock.install();
    await page.goto('/settings');
    // An hour later the list is stale and is asked for again; this time the server has none to give
    // (a list that fails to come again keeps the one loaded before).
    await page.route('**/api/bible/translations/grouped', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.clock.fastForward('02:00:00');
    await page.getByRole('link', { name: 'Read The Bible' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Genesis 1, KJV');
    await page.getByRole('button', { name: /^Translation: / }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a translation' });
    await expect.poll(() => picker.getByText('The list of translations could not be loaded.').count()).toBe(1);
    await expect.poll(() => picker.getByRole('button', { name: /^KJV/ }).count()).toBe(1);
    await expect.poll(() => picker.getByText('ESV').locator('..').textContent()).toContain('not available');
    expect(await picker.getByRole('button', { name: /^ESV/ }).count()).toBe(0);
    await picker.getByRole('button', { name: /^WEB/ }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Genesis 1, WEB');
  });
});
