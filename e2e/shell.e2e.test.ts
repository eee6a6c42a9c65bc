import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.ts';

const { page: newPage } = useBrowser();

describe('app shell', () => {
  it('keeps the theme across a reload, applied before the first paint', async () => {
    const page = await newPage({ colorScheme: 'light' });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).first().click();
    expect(await page.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('theme')])).toEqual([true, 'dark']);
    // Record the class at the first script that runs after the inline one, before the app's bundle.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { darkAtParse: boolean }).darkAtParse = document.documentElement.classList.contains('dark');
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { darkAtParse: boolean }).darkAtParse)).toBe(true);
  });

  it('follows the system theme by default', async () => {
    const page = await newPage({ colorScheme: 'dark' });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });

  it('opens the drawer on a phone, traps focus in it, and closes it with Escape', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/search');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Selah' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    for (const name of ['Read The Bible', 'Bible Chat', 'Advanced Search', 'Daily Lessons', 'My Notes', 'My Highlights', 'Settings']) {
      expect(await drawer.getByRole('link', { name }).isVisible()).toBe(true);
    }
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
  });

  it('shows the sidebar on desktop, and the top bar everywhere but the reader', async () => {
    const page = await newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(['Read The Bible', 'Bible Chat', 'Advanced Search', 'Daily Lessons']);
    expect(await page.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth?mode=signin');
    expect(await page.getByRole('link', { name: 'Sign Up' }).first().getAttribute('href')).toBe('/auth?mode=signup');
    await page.goto('/bible');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Genesis 1, KJV');
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
  });

  it('leads guests to their notes, highlights and settings, and gives the reader one translation control', async () => {
    const page = await newPage();
    await page.goto('/');
    const study = page.getByRole('navigation', { name: 'Your study' });
    await expect.poll(() => study.getByRole('link').allTextContents()).toEqual(['Topical Index', 'My Notes', 'My Highlights', 'Settings']);
    await study.getByRole('link', { name: 'My Highlights' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/highlights');
    expect(await page.getByRole('button', { name: /^Bible Translation: / }).count()).toBe(1);
    await page.goto('/bible');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Genesis 1, KJV');
    // The header's picker only: the sidebar's select is left out on the reader.
    expect(await page.getByRole('button', { name: /^Bible Translation: / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Translation: / }).count()).toBe(1);
  });

  it('shows the not-found page for an unknown route, marked noindex', async () => {
    const page = await newPage();
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    const main = page.getByRole('main');
    for (const name of ['Go Home', 'Read the Bible', 'Bible Chat', 'Search'])
      expect(await main.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect.poll(() => page.locator('blockquote').textContent()).toContain('I will instruct thee and teach thee');
  });
});
