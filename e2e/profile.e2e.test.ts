import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { logIn, signUpAndConfirm } from './account-steps.ts';
import { signInAs } from './session.ts';
import { SEEDED_ADMIN, SEEDED_READER } from './seeded-accounts.ts';

const { page: newPage } = useBrowser();
const PHONE = { width: 390, height: 844 };

const page = async (options?: Parameters<typeof newPage>[0]) => {
  const p = await newPage(options);
  // A missing element fails with its locator named, not as a silent test timeout.
  p.setDefaultTimeout(15_000);
  return p;
};
const path = (p: Page) => new URL(p.url()).pathname;
const region = (p: Page, name: string) => p.getByRole('region', { name });
const translationSelect = (p: Page) => region(p, 'Reading').getByRole('button', { name: /^Bible Translation: / });
const chooseTranslation = async (p: Page, code: string) => {
  await translationSelect(p).click();
  await p
    .getByRole('dialog', { name: 'Choose a translation' })
    .getByRole('button', { name: new RegExp(`^${code} `) })
    .click();
};
// The radios are visually hidden inside their labels: people click the label.
const choose = async (p: Page, name: string) => {
  await p.locator('label', { hasText: new RegExp(`^${name}$`) }).click();
  expect(await p.getByRole('radio', { name }).isChecked()).toBe(true);
};
const signedIn = (p: Page) => p.evaluate(async () => (await fetch('/api/auth/user')).status === 200);

/** A real PNG drawn by the browser (a warm gradient), as a person would pick from their files. */
async function pngFile(p: Page): Promise<Buffer> {
  const dataUrl = await p.evaluate(() => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 160, height: 160 });
    const g = canvas.getContext('2d')!;
    const gradient = g.createLinearGradient(0, 0, 160, 160);
    gradient.addColorStop(0, '#fdba74');
    gradient.addColorStop(1, '#9a3412');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 160, 160);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function signUpNamed(p: Page, email: string, password: string) {
  await signUpAndConfirm(p, email, password);
  await p.getByRole('dialog', { name: 'Welcome to Selah' }).getByRole('button', { name: 'Use suggested name' }).click();
  await expect.poll(() => p.getByRole('dialog', { name: 'Welcome to Selah' }).count()).toBe(0);
}

describe('/profile', () => {
  it('sends a guest to sign in, and back to the profile afterwards', async () => {
    const p = await page();
    await p.goto('/profile');
    await expect.poll(() => p.url()).toMatch(/\/auth\?mode=signin&next=%2Fprofile$/);
    await expect.poll(() => p.getByRole('heading', { name: 'Welcome back' }).isVisible()).toBe(true);
    await p.getByRole('textbox', { name: 'Email' }).fill(SEEDED_READER.email);
    await p.getByLabel('Password').fill(SEEDED_READER.password);
    await p.getByRole('button', { name: 'Login' }).last().click();
    await expect.poll(() => new URL(p.url()).pathname).toBe('/profile');
    await expect.poll(() => p.getByRole('heading', { name: 'My Profile' }).isVisible()).toBe(true);
  });

  it('saves names and a checked picture, changes the password, and shows the picture in the avatar', async () => {
    const p = await page();
    await signUpNamed(p, 'rachel@example.org', 'well of haran');
    await p.goto('/bible?book=Genesis&chapter=29');
    await p.getByRole('button', { name: /^Account menu for / }).click();
    await p.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect.poll(() => path(p)).toBe('/profile');
    await expect.poll(() => p.getByRole('heading', { name: 'My Profile', level: 1 }).isVisible()).toBe(true);

    // Names: blank is refused at once; a saved name shows everywhere the app names the person.
    const displayName = p.getByRole('textbox', { name: 'Display name' });
    await displayName.fill('   ');
    await expect.poll(() => p.getByText('Display name cannot be blank.').isVisible()).toBe(true);
    expect(await p.getByRole('button', { name: 'Save names' }).isDisabled()).toBe(true);
    expect(await displayName.getAttribute('maxlength')).toBe('50');
    await displayName.fill('Rachel of Haran');
    await p.getByRole('textbox', { name: /First name/ }).fill('Rachel');
    await p.getByRole('button', { name: 'Save names' }).click();
    await expect.poll(() => region(p, 'Your name').getByRole('status').textContent()).toBe('Your names are saved.');
    await expect.poll(() => p.getByRole('button', { name: 'Account menu for Rachel of Haran' }).isVisible()).toBe(true);
    expect(await p.evaluate(async () => (await fetch('/api/auth/user')).json())).toMatchObject({ displayName: 'Rachel of Haran', firstName: 'Rachel' });

    // Picture: a text file named .png and a file over 2 MB are refused with the reason; a PNG is kept.
    const file = p.getByTestId('avatar-file');
    await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some words, not a picture') });
    await expect.poll(() => region(p, 'Profile picture').getByRole('alert').textContent()).toBe('Choose a PNG, JPEG or WebP image.');
    const png = await pngFile(p);
    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]) });
    await expect.poll(() => region(p, 'Profile picture').getByRole('alert').textContent()).toBe('The image can be at most 2 MB.');
    await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => region(p, 'Profile picture').getByRole('status').textContent()).toBe('Your picture is saved.');
    const avatarImage = p.getByRole('button', { name: 'Account menu for Rachel of Haran' }).locator('img');
    await expect.poll(() => avatarImage.getAttribute('src')).toMatch(/^\/api\/profile\/avatar\/[^?]+\?v=\d+$/);
    await expect.poll(() => avatarImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    await p.reload();
    await expect.poll(() => p.getByRole('button', { name: 'Account menu for Rachel of Haran' }).locator('img').count()).toBe(1);
    await p.getByRole('button', { name: 'Remove picture' }).click();
    await expect.poll(() => p.getByRole('button', { name: 'Account menu for Rachel of Haran' }).textContent()).toBe('R');

    // Password: the wrong current one is named as such; a mismatch is caught before sending.
    await p.getByLabel('Current password').fill('not my password');
    await p.getByLabel('New password', { exact: true }).fill('shepherdess of laban');
    await p.getByLabel('Repeat the new password').fill('shepherdess of laban');
    await p.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => region(p, 'Password').getByRole('alert').textContent()).toBe('That is not your current password.');
    await p.getByLabel('Current password').fill('well of haran');
    await p.getByLabel('Repeat the new password').fill('shepherdess of labam');
    await p.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => region(p, 'Password').getByRole('alert').textContent()).toBe('The two new passwords are not the same.');
    await p.getByLabel('Repeat the new password').fill('shepherdess of laban');
    await p.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => region(p, 'Password').getByRole('status').textContent()).toBe('Your password is changed. Other devices are signed out.');
    expect(await signedIn(p)).toBe(true);

    await p.goto('/api/logout');
    await logIn(p, 'rachel@example.org', 'well of haran');
    await expect.poll(() => p.getByRole('alert').isVisible()).toBe(true);
    await logIn(p, 'rachel@example.org', 'shepherdess of laban');
    await expect.poll(() => path(p)).toBe('/bible');
    expect(await signedIn(p)).toBe(true);
  });

  it('deletes the account after the password in a dialog, then shows home signed out with a toast', async () => {
    const p = await page({ ...PHONE });
    await signUpNamed(p, 'orpah@example.org', 'return to moab');
    await p.goto('/profile');
    await p.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = p.getByRole('dialog', { name: 'Delete your account?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Nothing happens without a password; Escape backs out.
    expect(await dialog.getByRole('button', { name: 'Delete my account for good' }).isDisabled()).toBe(true);
    await p.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await signedIn(p)).toBe(true);

    await p.getByRole('button', { name: 'Delete account…' }).click();
    await dialog.getByLabel('Your password').fill('return to bethlehem');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('That is not your current password.');
    expect(await signedIn(p)).toBe(true);
    await dialog.getByLabel('Your password').fill('return to moab');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();

    await expect.poll(() => path(p)).toBe('/');
    await expect.poll(() => p.getByTestId('toast').getByText('Your account is deleted').isVisible()).toBe(true);
    expect(await signedIn(p)).toBe(false);
    await expect.poll(() => p.getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true);
    await logIn(p, 'orpah@example.org', 'return to moab');
    await expect.poll(() => p.getByRole('alert').textContent()).toMatch(/invalid email or password/i);
  });
});

describe('the account menu', () => {
  it('opens a bottom sheet on a phone: every item, focus kept inside, Escape closes', async () => {
    const p = await signInAs(await page({ ...PHONE }), SEEDED_READER);
    await p.goto('/search');
    const trigger = p.getByRole('button', { name: 'Account menu for Quiet Reader' });
    await trigger.click();
    const sheet = p.getByRole('dialog', { name: 'Quiet Reader' });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    expect(await p.getByRole('menu').count()).toBe(0);
    // Spec §2 order.
    await expect
      .poll(() =>
        sheet
          .getByRole('navigation', { name: 'Account' })
          .locator('a, button')
          .evaluateAll((els) => els.map((e) => e.textContent?.trim())),
      )
      .toEqual(['Theme: Light', 'Profile', 'Study Stats', 'My Notes', 'My Highlights', 'Settings', 'Log Out']);
    // It rises from the bottom edge and rests on it.
    await expect.poll(async () => sheet.boundingBox().then((box) => Math.round(box!.y + box!.height))).toBe(844);
    for (let i = 0; i < 15; i++) await p.keyboard.press('Tab');
    expect(await p.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await p.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // Theme flips at once and stays open; Profile goes there and closes the sheet.
    await trigger.click();
    await sheet.getByRole('button', { name: 'Theme: Light' }).click();
    expect(await p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await sheet.getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => path(p)).toBe('/profile');
    await expect.poll(() => sheet.count()).toBe(0);

    // The reader's header on a phone opens the same sheet; the drawer offers no Login for someone signed in.
    await p.goto('/bible?book=Ruth&chapter=1');
    await p.getByRole('button', { name: 'Account menu for Quiet Reader' }).click();
    await expect.poll(() => p.getByRole('dialog', { name: 'Quiet Reader' }).isVisible()).toBe(true);
    await p.keyboard.press('Escape');
    await p.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => p.getByRole('dialog', { name: 'Selah' }).isVisible()).toBe(true);
    expect(await p.getByRole('dialog', { name: 'Selah' }).getByRole('link', { name: 'Login' }).count()).toBe(0);
  });

  it('stays a dropdown on desktop, and guests on phones get a sign-up button instead', async () => {
    const desktop = await signInAs(await page(), SEEDED_READER);
    await desktop.goto('/search');
    await desktop.getByRole('button', { name: 'Account menu for Quiet Reader' }).click();
    await expect.poll(() => desktop.getByRole('menu').isVisible()).toBe(true);
    expect(await desktop.getByRole('dialog').count()).toBe(0);
    expect(await desktop.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/settings');

    const guest = await page({ ...PHONE });
    await guest.goto('/search');
    const signUp = guest.getByRole('banner').getByRole('link', { name: 'Sign Up' });
    await expect.poll(() => signUp.getAttribute('href')).toBe('/auth?mode=signup');
    expect(await guest.getByRole('button', { name: /^Account menu/ }).count()).toBe(0);
    // The menu's code is not loaded for a guest.
    expect(await guest.evaluate(() => performance.getEntriesByType('resource').some((e) => /UserMenu/.test(e.name)))).toBe(false);
  });
});

describe('/settings', () => {
  it('lets a guest choose translation, text size, red letters and theme, applied in the reader', async () => {
    const p = await page();
    await p.goto('/settings');
    await expect.poll(() => p.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => translationSelect(p).isEnabled()).toBe(true);
    await chooseTranslation(p, 'WEB');
    await choose(p, 'Small');
    await p.getByRole('checkbox', { name: 'Words of Jesus in red' }).uncheck();
    await choose(p, 'Dark');
    await expect.poll(() => p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await p.getByTestId('preview-jesus').getAttribute('class')).not.toContain('text-red');
    expect(
      await p.evaluate(() => [
        localStorage.getItem('preferredTranslation'),
        localStorage.getItem('fontSize'),
        localStorage.getItem('wordsOfJesusInRed'),
        localStorage.getItem('theme'),
      ]),
    ).toEqual(['WEB', 'small', 'false', 'dark']);

    await p.goto('/bible?book=John&chapter=3');
    await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe('John 3, WEB');
    await expect.poll(() => p.locator('#v1').evaluate((el) => getComputedStyle(el).fontSize)).toBe('17px');
    await p.goto('/settings');
    await choose(p, 'System');
    expect(await p.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('theme')])).toEqual([false, 'system']);
    expect(await p.getByRole('radio', { name: 'Small' }).isChecked()).toBe(true);
  });

  it("sends a signed-in person's text size and translation to the account", async () => {
    const p = await signInAs(await page(), SEEDED_READER);
    await p.goto('/settings');
    await expect.poll(() => p.getByText('follow your account').isVisible()).toBe(true);
    await expect.poll(() => translationSelect(p).isEnabled()).toBe(true);
    await choose(p, 'Medium');
    await chooseTranslation(p, 'WEB');
    await expect
      .poll(async () => (await p.evaluate(async () => (await fetch('/api/settings')).json())) as object)
      .toMatchObject({ fontSize: 'base', translation: 'WEB' });
  });

  it('keeps a choice made while the account’s settings are still on their way', async () => {
    const p = await signInAs(await page(), SEEDED_READER);
    // The account's settings reply is held back (a slow network) until the person has chosen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    let delivered = 0;
    await p.route('**/api/settings', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      asked += 1;
      const response = await route.fetch(); // the server answers now, with the account's old settings …
      await held; // … and the answer arrives late
      await route.fulfill({ response });
      delivered += 1;
    });
    await p.goto('/settings');
    await choose(p, 'Small');
    release();
    // Every late reply handed to the page, and a frame drawn after it: had one replaced the choice, it shows now.
    // (Not "network idle": the page also measures each translation's download, which can take long.)
    await expect.poll(() => asked > 0 && delivered === asked).toBe(true);
    await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    expect(await p.getByRole('radio', { name: 'Small' }).isChecked()).toBe(true);
    await p.unroute('**/api/settings');
    await expect.poll(async () => (await p.evaluate(async () => (await fetch('/api/settings')).json())) as object).toMatchObject({ fontSize: 'small' });
  });
});

describe('admin sign-in and /admin', () => {
  it('sends a guest from /admin to the admin sign-in, refuses a non-admin there, and lets an admin in', async () => {
    const p = await page();
    await p.goto('/admin');
    await expect.poll(() => path(p)).toBe('/secret-admin-login');

    await p.getByRole('textbox', { name: 'Email' }).fill(SEEDED_READER.email);
    await p.getByLabel('Password').fill(SEEDED_READER.password);
    await p.getByRole('button', { name: 'Sign in as administrator' }).click();
    await expect.poll(() => p.getByRole('alert').textContent()).toBe('This sign-in is for administrators only.');
    expect(await signedIn(p)).toBe(false);
    expect(path(p)).toBe('/secret-admin-login');

    await p.getByRole('textbox', { name: 'Email' }).fill(SEEDED_ADMIN.email);
    await p.getByLabel('Password').fill(SEEDED_ADMIN.password);
    await p.getByRole('button', { name: 'Sign in as administrator' }).click();
    await expect.poll(() => path(p)).toBe('/admin');
    await expect.poll(() => p.getByRole('heading', { name: 'Admin panel' }).isVisible()).toBe(true);
    // An admin who comes back to the sign-in page goes straight on.
    await p.goto('/secret-admin-login');
    await expect.poll(() => path(p)).toBe('/admin');
  });

  it('tells a signed-in non-admin that /admin is not for them', async () => {
    const p = await signInAs(await page(), SEEDED_READER);
    await p.goto('/admin');
    await expect.poll(() => p.getByRole('alert').textContent()).toBe('This page is for administrators only.');
    expect(await p.getByRole('heading', { name: 'Admin panel' }).count()).toBe(0);
  });
});
