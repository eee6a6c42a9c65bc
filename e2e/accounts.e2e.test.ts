import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.ts';
import { mailedLink } from './inbox.ts';
import { logIn, signUpAndConfirm } from './account-steps.ts';

const { page: newPage } = useBrowser();

describe('accounts in the browser', () => {
  it('signs up, confirms the email from the mailed link, is signed in, and logs out', async () => {
    const page = await newPage();
    await page.goto('/auth?mode=signin');
    await page.getByRole('textbox', { name: 'Email' }).fill('lydia@example.org');
    await page.getByLabel('Password').fill('purple cloth seller');
    // Switching modes keeps what was typed.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Create your account' }).isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('lydia@example.org');
    expect(await page.getByLabel('Password').inputValue()).toBe('purple cloth seller');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('We sent a link to lydia@example.org');

    await page.goto(await mailedLink('lydia@example.org', /Confirm your email/));
    await expect.poll(() => page.getByRole('heading', { name: 'Your email is confirmed' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('You are signed in as lydia@example.org.');

    // The welcome dialog: a suggested name, a custom hint once edited, Continue disabled when blank.
    const dialog = page.getByRole('dialog', { name: 'Welcome to Selah' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const input = dialog.getByRole('textbox', { name: 'Display name' });
    expect(await input.inputValue()).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{4}$/);
    await input.fill('   ');
    expect(await dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    expect(await dialog.textContent()).toContain('Your own name');
    await input.fill('Seller of Purple');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await page.goto('/bible?book=Acts&chapter=16');
    const avatar = page.getByRole('button', { name: 'Account menu for Seller of Purple' });
    await avatar.click();
    for (const name of ['My Profile', 'My Notes', 'My Highlights', 'Settings', 'Study stats', 'Log out']) {
      expect(await page.getByRole('menuitem', { name }).isVisible()).toBe(true);
    }
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByRole('link', { name: 'Sign Up' }).first().isVisible()).toBe(true);
  });

  it('asks for a display name once per person: not again after closing it, but for the next person in the browser', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, 'chloe@example.org', 'of the household of chloe');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Selah' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape'); // closed without choosing a name
    await expect.poll(() => dialog.count()).toBe(0);
    await page.goto('/bible?book=John&chapter=1');
    // Signed in and the page has settled (the account menu is there), and still no dialog.
    await expect.poll(() => page.getByRole('button', { name: /^Account menu for / }).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /prompt/i.test(k)).length)).toBe(1);

    // Someone else signs up in the same browser: the flag is per person, so they are asked.
    await page.goto('/api/logout');
    await signUpAndConfirm(page, 'phebe@example.org', 'servant of the church');
    await expect.poll(() => dialog.isVisible()).toBe(true);
  });

  it('resets a forgotten password through the emailed link', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, 'priscilla@example.org', 'tent maker one');
    await page.getByRole('dialog', { name: 'Welcome to Selah' }).getByRole('button', { name: 'Use suggested name' }).click();
    await page.goto('/api/logout');

    await page.goto('/auth?mode=signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in form has an Email box too: fill the one of the page the link opened.
    await expect.poll(() => page.getByRole('heading', { name: 'Forgot your password?' }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Email' }).fill('priscilla@example.org');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('we sent it a link');
    await page.goto(await mailedLink('priscilla@example.org', /Reset your Selah password/));
    await page.getByLabel('New password').fill('tent maker two');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Your password is changed.');

    await logIn(page, 'priscilla@example.org', 'tent maker two');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/bible');
    await expect.poll(() => page.getByRole('button', { name: /^Account menu for/ }).isVisible()).toBe(true);
  });
});

describe('settings follow the account', () => {
  it('carries text size and translation to another browser once signed in', async () => {
    const first = await newPage();
    await signUpAndConfirm(first, 'tabitha@example.org', 'full of good works');
    await first.getByRole('dialog', { name: 'Welcome to Selah' }).getByRole('button', { name: 'Continue' }).click();
    await first.goto('/bible?book=Acts&chapter=9');
    await first.getByRole('button', { name: 'Display settings' }).click();
    await first.getByRole('radio', { name: 'Small' }).click();
    await first.keyboard.press('Escape');
    await first.getByRole('button', { name: /^Translation: / }).click();
    await first.getByRole('button', { name: /^WEB/ }).click();
    await expect.poll(() => first.getByRole('heading', { level: 1 }).textContent()).toBe('Acts 9, WEB');
    await expect
      .poll(async () => (await first.evaluate(async () => (await fetch('/api/settings')).json())) as object)
      .toMatchObject({ fontSize: 'small', translation: 'WEB' });

    const second = await newPage();
    await logIn(second, 'tabitha@example.org', 'full of good works');
    await expect.poll(() => new URL(second.url()).pathname).toBe('/bible');
    await expect.poll(() => second.getByRole('heading', { level: 1 }).textContent()).toBe('Genesis 1, WEB');
    await expect.poll(() => second.locator('#v1').evaluate((el) => getComputedStyle(el).fontSize)).toBe('17px');
  });
});
