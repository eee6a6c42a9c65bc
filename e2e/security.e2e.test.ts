import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.ts';
import { signUpAndConfirm } from './account-steps.ts';

const { page: newPage, takeViolations, baseUrl } = useBrowser();

// Every route file of the web app is a page to open (a few with the query they are usually opened with).
const QUERIES: Record<string, string> = { '/bible': '?book=John&chapter=3', '/search': '?q=love', '/auth': '?mode=signin', '/reset-password': '?token=abc' };
const PAGES = readdirSync(new URL('../web/src/routes', import.meta.url))
  .filter((f) => f.endsWith('.tsx') && !f.startsWith('__'))
  .map((f) => `/${f.replace(/\.tsx$/, '').replace(/^index$/, '')}`)
  .map((path) => path + (QUERIES[path] ?? ''));

describe('the app under its Content-Security-Policy', () => {
  // At phone width: the phone's own parts (the drawer, the bottom sheets) are where a page differs. The
  // accessibility walks open their screens at both widths under the same CSP, and every page of this test
  // fails on anything blocked (fixtures.ts), so a second width here checked the same again.
  it('opens every page with nothing blocked', async () => {
    expect(PAGES.length).toBeGreaterThan(20);
    const page = await newPage({ width: 390, height: 844 });
    for (const path of PAGES) {
      const res = await page.goto(path);
      const csp = res!.headers()['content-security-policy']!;
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(/script-src ([^;]*)/.exec(csp)![1], path).not.toContain('unsafe');
      // Loaded, scripts run and their requests sent (a blocked one is reported as it is sent). Not network
      // idle: Settings asks each translation's download size, which a cold server on a busy machine
      // takes longer than the test should wait to measure.
      await page.waitForLoadState('load');
      // The app ran: React took over the page the server rendered.
      expect(await page.locator('html').getAttribute('data-hydrated'), path).toBe('true');
    }
  }, 300_000); // some forty pages, on a machine running other tests

  it('blocks a script injected into a page, and runs the theme script it ships', async () => {
    const page = await newPage({ colorScheme: 'dark' });
    await page.goto('/bible?book=John&chapter=3');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.appendChild(s);
      return (window as { __injected?: boolean }).__injected ?? false;
    });
    expect(ran).toBe(false);
    await page.waitForTimeout(100);
    expect(takeViolations().some((v) => v.includes('script-src'))).toBe(true);
  });
});

describe('a session that ends on another device', () => {
  it('asks the person to sign in again in a dialog, keeps what they were writing, and then saves it', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, 'dorcas.of.joppa@example.org', 'full of good works');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Selah' });
    await welcome.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => welcome.count()).toBe(0);
    await page.goto('/bible?book=Acts&chapter=9');
    await expect.poll(() => page.locator('#v36').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    const study = page.getByRole('dialog', { name: 'Scripture Insights' });
    await study.getByLabel('Your note').fill('She was full of good works and almsdeeds.');

    // Signed out elsewhere: this browser's session ends on the server while its cookie stays.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await fetch(`${baseUrl}/api/logout`, { headers: { cookie }, redirect: 'manual' })).status).toBe(302);

    await study.getByRole('button', { name: 'Save Note' }).click();
    const again = page.getByRole('dialog', { name: 'Please sign in again' });
    await expect.poll(() => again.isVisible()).toBe(true);
    expect(await again.getByLabel('Email').inputValue()).toBe('dorcas.of.joppa@example.org');
    // The person is asked for the password only: the dialog knows who was signed in.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    await page.keyboard.type('full of good works');
    await again.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => again.count()).toBe(0);
    expect(await study.getByLabel('Your note').inputValue()).toBe('She was full of good works and almsdeeds.');

    // Back in, the note is saved to the account, not to the browser.
    await study.getByRole('button', { name: 'Save Note' }).click();
    await expect.poll(() => study.getByTestId('saved-note').count()).toBe(1);
    const notes = await page.evaluate(async () => (await fetch('/api/notes', { credentials: 'include' })).json());
    expect(notes.map((n: { content: string }) => n.content)).toEqual(['She was full of good works and almsdeeds.']);
    expect(await page.evaluate(() => localStorage.getItem('guestNotes'))).toBeNull();
  });
});
