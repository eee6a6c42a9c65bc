import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';

const { page: newPage } = useBrowser();

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('reader /bible', () => {
  it('opens Genesis 1 in the KJV by default, with verse numbers', async () => {
    const page = await newPage();
    await page.goto('/bible');
    await expect.poll(() => heading(page).textContent()).toBe('Genesis 1, KJV');
    await expect.poll(() => page.locator('#v1').textContent()).toContain('In the beginning God created the heaven and the earth.');
    expect(await page.locator('[data-verse][role="button"]').count()).toBe(31);
    expect(await page.title()).toBe('Genesis 1 (KJV) — Selah');
  });

  it('changes book and chapter with the pickers, keeping the URL as the state', async () => {
    const page = await newPage();
    await page.goto('/bible');
    await page.getByRole('button', { name: /^Book: / }).click();
    await page.getByRole('textbox', { name: 'Find a book' }).fill('joh');
    await page.getByRole('button', { name: 'John', exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe('John 1, KJV');
    await page.getByRole('button', { name: /^Chapter / }).click();
    await page.getByRole('dialog', { name: 'Choose a chapter' }).getByRole('button', { name: 'Chapter 3', exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe('John 3, KJV');
    expect(new URL(page.url()).searchParams.get('book')).toBe('John');
    expect(new URL(page.url()).searchParams.get('chapter')).toBe('3');
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('John 3, KJV');
    await page.goBack();
    await expect.poll(() => heading(page).textContent()).toBe('John 1, KJV');
  });

  it('opens the book picker at the book being read, marked, on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/bible?book=John&chapter=3');
    await page.getByRole('button', { name: /^Book: / }).click();
    const john = page.getByRole('dialog', { name: 'Choose a book' }).getByRole('button', { name: 'John', exact: true });
    await expect.poll(() => john.getAttribute('aria-current')).toBe('true');
    // Shown in the list's visible part without scrolling (the list starts at Genesis).
    const shown = () =>
      john.evaluate((el) => {
        const item = el.getBoundingClientRect();
        const list = el.closest('.overflow-y-auto')!.getBoundingClientRect();
        return item.top >= list.top && item.bottom <= list.bottom;
      });
    await expect.poll(shown).toBe(true);
  });

  it('keeps the floating bar off the last verse at the chapter’s end, with 44 px buttons named on a phone', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/bible?book=John&chapter=3');
    await expect.poll(() => page.locator('#v36').count()).toBe(1);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = page.getByRole('navigation', { name: 'Chapter navigation' });
    await expect
      .poll(async () => (await page.locator('#v36').boundingBox())!.y + (await page.locator('#v36').boundingBox())!.height)
      .toBeLessThan((await bar.boundingBox())!.y);
    for (const name of ['Previous', 'Next', 'Study Chapter']) {
      const box = (await bar.getByRole(name === 'Study Chapter' ? 'button' : 'link', { name }).boundingBox())!;
      expect(box.width, name).toBeGreaterThanOrEqual(44);
      expect(box.height, name).toBeGreaterThanOrEqual(44);
    }
  });

  it('crosses from Malachi 4 to Matthew 1, and ← → change chapter', async () => {
    const page = await newPage();
    await page.goto('/bible?book=Malachi&chapter=4');
    await expect.poll(() => heading(page).textContent()).toBe('Malachi 4, KJV');
    await page.getByRole('navigation', { name: 'Chapter navigation' }).getByRole('link', { name: 'Next' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Matthew 1, KJV');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => heading(page).textContent()).toBe('Malachi 4, KJV');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => heading(page).textContent()).toBe('Matthew 1, KJV');
  });

  it('disables Previous on Genesis 1 and Next on Revelation 22', async () => {
    const page = await newPage();
    await page.goto('/bible?book=Genesis&chapter=1');
    const bar = page.getByRole('navigation', { name: 'Chapter navigation' });
    await expect.poll(() => bar.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.goto('/bible?book=Revelation&chapter=22');
    await expect.poll(() => heading(page).textContent()).toBe('Revelation 22, KJV');
    await expect.poll(() => bar.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // A chapter that exists is a link to it (it opens in a new tab too).
    expect(await bar.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/bible?book=Revelation&chapter=21');
  });

  it('scrolls to a verse from the URL and highlights it for 2 seconds', async () => {
    const page = await newPage({ height: 700 });
    await page.goto('/bible?book=Psalms&chapter=119&verse=105');
    const verse = page.locator('#v105');
    await expect.poll(() => verse.getAttribute('class'), { timeout: 5000 }).toContain('verse-glow');
    // A smooth scroll down a long psalm can take more than a second on a busy machine.
    await expect
      .poll(
        async () => {
          const box = await verse.boundingBox();
          return box!.y > 0 && box!.y < 700;
        },
        { timeout: 4000 },
      )
      .toBe(true);
    await expect.poll(() => verse.getAttribute('class'), { timeout: 5000 }).not.toContain('verse-glow');
  });

  it('falls back to the first book a translation has, with a toast, and saves the choice', async () => {
    const page = await newPage();
    await page.goto('/bible?book=Genesis&chapter=1');
    await page.getByRole('button', { name: /^Translation: / }).click();
    await page.getByRole('button', { name: /PSJN/ }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Psalm 3, PSJN');
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Translation Not Available');
    expect(await page.evaluate(() => [localStorage.getItem('preferredTranslation'), localStorage.getItem('previousTranslation')])).toEqual(['PSJN', null]);
    // Without a translation in the URL the saved one is used.
    await page.goto('/bible?book=John&chapter=11');
    await expect.poll(() => heading(page).textContent()).toBe('John 11, PSJN');
  });

  it('shows the Translation Not Available card for a chapter the translation lacks', async () => {
    const page = await newPage();
    await page.goto('/bible?book=Genesis&chapter=1&translation=PSJN');
    await expect.poll(() => page.getByRole('heading', { name: 'Translation Not Available' }).isVisible()).toBe(true);
    // Spec §8: the redirect's message, and the toast that follows a chapter that cannot be shown.
    expect(await page.getByText('Genesis 1 is not available in the PSJN translation. Please try a different book or translation.').count()).toBe(1);
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Error loading Bible content');
    await page.getByRole('button', { name: 'KJV', exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Genesis 1, KJV');
  });

  it('opens the verse menu at the tap, selects several verses, copies them with the reference', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=3');
    await page.locator('#v16').click();
    const menu = page.getByTestId('verse-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-label')).toBe('Actions for John 3:16');
    const box = (await menu.boundingBox())!;
    expect(box.width).toBe(320);
    await page.locator('#v17').click();
    expect(await menu.getAttribute('aria-label')).toBe('Actions for John 3:16–17');
    await menu.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Verse copied to clipboard');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^16 For God so loved the world.*17 For God sent not his Son.*\n— John 3:16–17 \(KJV\)$/s);
    expect(await menu.count()).toBe(0);
    await page.locator('#v16').click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
  });

  it('compares translations: 1 at least, 8 at most, a ninth drops the oldest', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=11');
    await page.locator('#v35').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Compare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare John 11:35' });
    // The spec's defaults offered (KJV, NIV, MSG) and stand-ins for ESV and NLT (see translations.e2e).
    await expect.poll(() => dialog.getByTestId('compare-item').count()).toBe(5);
    await expect.poll(() => dialog.getByTestId('compare-item').first().textContent()).toContain('Jesus wept.');
    // A plain hint, and a dialog as tall as its five short texts, not the whole screen.
    expect(await dialog.textContent()).toContain('Choose up to 8 (5 chosen)');
    expect((await dialog.boundingBox())!.height).toBeLessThan(600);
    const chip = (code: string) => dialog.getByRole('button', { name: code, exact: true });
    for (const code of ['NIV', 'MSG', 'ASV', 'PSJN']) await chip(code).click();
    await expect.poll(() => dialog.getByTestId('compare-item').count()).toBe(1);
    // The only one chosen cannot be removed.
    await chip('KJV').click();
    expect(await chip('KJV').getAttribute('aria-pressed')).toBe('true');
    for (const code of ['WEB', 'PSJN', 'SAMPA', 'SAMPB', 'SAMPC', 'SAMPD', 'SAMPE']) await chip(code).click();
    await expect.poll(() => dialog.getByTestId('compare-item').count()).toBe(8);
    await chip('SAMPF').click();
    await expect.poll(() => dialog.getByTestId('compare-item').count()).toBe(8);
    expect(await chip('KJV').getAttribute('aria-pressed')).toBe('false');
    expect(await chip('SAMPF').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
  });

  it('applies the font size at once and keeps it', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=1');
    const size = () => page.locator('#v1').evaluate((el) => getComputedStyle(el).fontSize);
    await expect.poll(size).toBe('20px');
    await page.getByRole('button', { name: 'Display settings' }).click();
    await page.getByRole('radio', { name: 'Small' }).click();
    await expect.poll(size).toBe('17px');
    await page.reload();
    await expect.poll(size).toBe('17px');
  });
  it('answers a chapter past the book’s end (John 99) with a 404 that leads to its last chapter and to every book', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const response = await page.goto('/bible?book=John&chapter=99');
    expect(response!.status()).toBe(404);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await heading(page).textContent()).toBe('John 99 is not in the Bible');
    expect(await page.getByRole('alert').filter({ hasText: 'John has 21 chapters; there is no chapter 99.' }).count()).toBe(1);
    // On a phone the site's menu is there too.
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Read John 21, its last chapter' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('John 21, KJV');

    await page.goto('/bible?book=John&chapter=99&translation=WEB');
    await page.getByRole('link', { name: 'All books' }).click();
    const books = page.getByRole('navigation', { name: 'Books and chapters' });
    await expect.poll(() => books.isVisible()).toBe(true);
    expect(await books.getByRole('link').count()).toBeGreaterThanOrEqual(66 + 21);
    await books.getByRole('link', { name: 'Romans', exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Romans 1, WEB');
  });

  it('answers a book that does not exist with a 404 and the list of books', async () => {
    const page = await newPage();
    const response = await page.goto('/bible?book=Hezekiah&chapter=1');
    expect(response!.status()).toBe(404);
    expect(await heading(page).textContent()).toBe('Hezekiah is not in the Bible');
    expect(await page.getByRole('navigation', { name: 'Books and chapters' }).getByRole('link', { name: 'Genesis', exact: true }).count()).toBe(1);
  });

  it('names the desktop tools in words, and between phone and desktop on hover', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto('/bible?book=John&chapter=3');
    const header = page.locator('header').first();
    const tools = [
      [page.getByRole('button', { name: 'Listen to John 3 (KJV)' }).first(), 'Listen'],
      [page.getByRole('button', { name: 'Visualize John 3' }).first(), 'Visualize'],
      [page.getByRole('button', { name: 'Display settings' }), 'Display'],
      [page.getByRole('link', { name: 'My Stats' }), 'My Stats'],
    ] as const;
    for (const [tool, words] of tools) {
      const label = tool.locator('[data-tool-label]');
      expect(await label.textContent()).toBe(words);
      expect(await label.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      const [b, l] = [(await tool.boundingBox())!, (await label.boundingBox())!];
      expect(l.x >= b.x && l.x + l.width <= b.x + b.width && l.y >= b.y && l.y + l.height <= b.y + b.height).toBe(true);
    }
    // The toolbar stays one row, and the words leave the book's name whole.
    expect((await header.boundingBox())!.height).toBeLessThan(64);
    await page.goto('/bible?book=Psalms&chapter=119');
    // Text for screen readers only is a 1 px box, clipped on purpose.
    const clipped = (el: Element) => [el, ...el.querySelectorAll('span')].some((s) => s.clientWidth > 1 && s.scrollWidth > s.clientWidth);
    expect(await page.getByRole('button', { name: /^Book: / }).evaluate(clipped)).toBe(false);
    await page.goto('/bible?book=John&chapter=3');

    await page.setViewportSize({ width: 900, height: 800 });
    const listen = tools[0][0];
    const label = listen.locator('[data-tool-label]');
    await page.mouse.move(5, 400);
    await expect.poll(() => label.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await listen.hover();
    await expect.poll(() => label.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const [b, l] = [(await listen.boundingBox())!, (await label.boundingBox())!];
    expect(l.y).toBeGreaterThanOrEqual(b.y + b.height);
  });
});
