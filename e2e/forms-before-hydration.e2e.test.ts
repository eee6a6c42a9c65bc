import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.ts';
import { SEEDED_READER } from './seeded-accounts.ts';
import { signInAs } from './session.ts';
import { signUpAndConfirm } from './account-steps.ts';

const { page: newPage } = useBrowser();

/**
 * Holds the app's scripts back until `release` is called, as on a slow phone: the page is then the
 * server's HTML alone, which a person can already type into and tap.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.m?js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens `path` with the scripts held; returns `hydrate`, which lets them run and waits until React has taken over. */
async function openBeforeHydration(page: Page, path: string): Promise<() => Promise<void>> {
  const release = await holdScripts(page);
  // goto returns once the page has hydrated (fixtures.ts), which cannot happen before the release.
  const loaded = page.goto(path);
  // Awaited by `hydrate`; a test that fails before then must not leave it unhandled.
  loaded.catch(() => undefined);
  await page.locator('main h1').waitFor();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  return async () => {
    release();
    await loaded;
  };
}

const toastWith = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).count();

describe('forms typed into before the script runs', () => {
  it('keeps a sign-up typed before hydration; the button works, and the form is done once sent', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const hydrate = await openBeforeHydration(page, '/auth?mode=signup');
    await page.getByRole('textbox', { name: 'Email' }).fill('early.bird@example.org');
    await page.getByLabel('Password').fill('typed before the script');
    await hydrate();

    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('early.bird@example.org');
    expect(await page.getByLabel('Password').inputValue()).toBe('typed before the script');
    const button = page.getByRole('button', { name: 'Sign Up' });
    expect(await button.isEnabled()).toBe(true);
    await button.click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toBe('We sent a link to early.bird@example.org. Open it to confirm your email and finish signing up.');
    // Sent: no filled form with an active button is left to send again.
    expect(await page.getByRole('textbox', { name: 'Email' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign Up' }).count()).toBe(0);
  });

  it('keeps a sign-in typed before hydration, and signs in with it', async () => {
    const page = await newPage();
    const hydrate = await openBeforeHydration(page, '/auth?mode=signin');
    await page.getByRole('textbox', { name: 'Email' }).fill(SEEDED_READER.email);
    await page.getByLabel('Password').fill(SEEDED_READER.password);
    await hydrate();
    const button = page.getByRole('button', { name: 'Login' }).last();
    expect(await button.isEnabled()).toBe(true);
    await button.click();
    await page.waitForURL(/\/bible$/);
  });

  it('keeps the forgot-password and reset-password fields typed before hydration', async () => {
    const page = await newPage();
    let hydrate = await openBeforeHydration(page, '/forgot-password');
    await page.getByRole('textbox', { name: 'Email' }).fill('forgetful@example.org');
    await hydrate();
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('If an account uses forgetful@example.org,');

    const second = await newPage();
    hydrate = await openBeforeHydration(second, '/reset-password?token=not-a-real-token');
    await second.getByLabel('New password').fill('a brand new password');
    await hydrate();
    const save = second.getByRole('button', { name: 'Save the new password' });
    expect(await save.isEnabled()).toBe(true);
    const [request] = await Promise.all([second.waitForRequest((r) => r.url().endsWith('/api/auth/reset-password')), save.click()]);
    expect(request.postDataJSON()).toEqual({ token: 'not-a-real-token', newPassword: 'a brand new password' });
  });

  it('sends a contact message typed before hydration as it was typed', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const hydrate = await openBeforeHydration(page, '/contact');
    await page.getByLabel('Your name').fill('Early Writer');
    await page.getByLabel('Your email address (for the answer)').fill('early.writer@example.org');
    await page.getByLabel('Message').fill('Written on a slow phone before the page was ready.');
    await hydrate();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/contact')),
      page.getByRole('button', { name: 'Send message' }).click(),
    ]);
    expect(request.postDataJSON()).toEqual({
      name: 'Early Writer',
      email: 'early.writer@example.org',
      message: 'Written on a slow phone before the page was ready.',
    });
  });
});

describe('the phone menu', () => {
  it('opens and leads on with scripts turned off', async () => {
    const page = await newPage({ width: 390, height: 844, javaScriptEnabled: false });
    await page.goto('/search');
    await page.getByLabel('Open menu').click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Daily Lessons' }).click();
    await page.waitForURL(/\/bible-lessons$/);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  });

  it('opened before hydration stays open once the script runs', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const hydrate = await openBeforeHydration(page, '/search');
    await page.getByLabel('Open menu').click();
    expect(await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Bible Chat' }).isVisible()).toBe(true);
    await hydrate();
    const drawer = page.getByRole('dialog', { name: 'Selah' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('link', { name: 'Bible Chat' }).click();
    await page.waitForURL(/\/chat$/);
  });
});

describe('account pages opened without what they need', () => {
  it('does not call an email confirmed when no link was opened', async () => {
    const page = await newPage();
    await page.goto('/verify-email');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Open the link in your email');
    expect(await page.getByRole('link', { name: 'Login' }).last().getAttribute('href')).toBe('/auth?mode=signin');
    await page.goto('/verify-email?verified=1');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your email is confirmed');
  });

  it('offers no Save button on /reset-password without a token, and a way to a new link', async () => {
    const page = await newPage();
    await page.goto('/reset-password');
    expect(await page.getByRole('button', { name: 'Save the new password' }).count()).toBe(0);
    expect(await page.getByLabel('New password').count()).toBe(0);
    expect(await page.getByRole('alert').textContent()).toContain('This reset link is not valid any more.');
    expect(await page.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('sends someone already signed in from /auth on to next, or home', async () => {
    const page = await signInAs(await newPage(), SEEDED_READER);
    await page.goto('/auth?mode=signin&next=%2Fnotes');
    await page.waitForURL(/\/notes$/);
    await page.goto('/auth?mode=signup');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('a guest who signs up', () => {
  it('takes a shared verse into the account, and the toast counts in words that agree', async () => {
    const page = await newPage();
    await page.goto('/bible?book=Ruth&chapter=1&translation=KJV');
    await page.locator('#v16').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Highlight yellow' }).click();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('guestHighlights') ?? '[]').length)).toBe(1);
    await page.locator('#v17').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Ruth 1:17' });
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await expect.poll(() => toastWith(page, 'Verse Shared'), { timeout: 30_000 }).toBe(1);

    await signUpAndConfirm(page, 'orpah.stays@example.org', 'whither thou goest');
    await expect.poll(() => toastWith(page, 'Moved 1 highlight and 1 shared verse from this browser.'), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('guestSharedVerses'))).toBeNull();
    const mine = await page.evaluate(async () => (await fetch('/api/shared-verses')).json());
    expect(mine.items.map((s: { reference: string }) => s.reference)).toEqual(['Ruth 1:17']);
  });
});

describe('the personalization result', () => {
  it('gives one length and one daily time for a plan fitted to five minutes', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.evaluate(() =>
      localStorage.setItem('personalizationAnswers', JSON.stringify({ experience: 'some', goal: 'know-jesus', time: '5', topics: [], style: 'Word-for-Word' })),
    );
    await page.goto('/personalization-test');
    const card = page.getByRole('article', { name: /./ }).first();
    const figures = (await card.locator('p.text-sm.font-medium').textContent())!;
    const [, days, minutes] = figures.match(/^(\d+) days · about (\d+) minutes a day$/)!;
    const reason = (await card.locator('p').nth(2).textContent())!;
    expect(reason).toContain(`${days} days`);
    expect(reason).toContain(`about ${minutes} minutes`);
  });
});
