import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { signUpAndConfirm } from './account-steps.ts';
import { smallTargets } from './touch-targets.ts';

// Issue 16: reading a chapter to the end completes it by the progress rules, and My Stats and the
// rankings show it.
const { page: newPage } = useBrowser();
let people = 0;

/** A new account with a display name of its own (the welcome dialog asks for one). */
async function newReader(page: Page, displayName: string) {
  people += 1;
  const email = `reader${people}.${process.pid}@example.org`;
  await signUpAndConfirm(page, email, 'a lamp unto my feet');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Selah' });
  await welcome.waitFor();
  await welcome.getByRole('textbox').fill(displayName);
  await welcome.getByRole('button', { name: 'Continue' }).click();
  await welcome.waitFor({ state: 'detached' });
  return email;
}

/** Scrolls through the chapter as a person reads, until the server says it is complete. */
async function readToTheEnd(page: Page) {
  const completed = page.waitForResponse(
    async (r) => r.url().endsWith('/api/track-chapter-progress') && r.status() === 200 && (await r.json()).completed === true,
    { timeout: 30_000 },
  );
  let done = false;
  void completed.then(() => (done = true));
  for (let i = 0; i < 80 && !done; i++) {
    await page.mouse.wheel(0, 250);
    await page.waitForTimeout(120);
  }
  return (await completed).json() as Promise<{ completed: boolean; newlyCompleted: boolean }>;
}

describe('Reading progress', () => {
  it('reads John 3 to the end, and My Stats shows the streak, the coverage and the first-chapter achievement', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await newReader(page, 'Nicodemus of Jerusalem');
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await page.locator('#v1').waitFor();
    await page.mouse.move(640, 400);
    expect(await readToTheEnd(page)).toEqual({ completed: true, newlyCompleted: true });

    await page.goto('/achievements');
    const streak = page.getByTestId('current-streak');
    await expect.poll(() => streak.textContent()).toContain('1 day');
    expect(await streak.textContent()).toContain('Today counts');
    const john = page.getByRole('link', { name: /^John, 4%: 1 of 21 chapters read/ });
    await john.waitFor();
    const earned = page.getByRole('region', { name: 'Earned' });
    expect(await earned.textContent()).toContain('First Chapter');
    // A guest's page is their browser's, with a prompt to keep it on an account.
    const guest = await newPage();
    await guest.goto('/achievements');
    await guest.getByText('Create a free account to keep your progress on every device').waitFor();
  });

  it('lists the reader on the rankings by display name, never by email', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const email = await newReader(page, 'Zacchaeus the Short');
    await page.goto('/bible?book=Jude&chapter=1&translation=KJV');
    await page.locator('#v1').waitFor();
    await page.mouse.move(200, 400);
    await readToTheEnd(page);
    await page.goto('/rankings?by=chapters&period=week');
    const board = page.getByRole('table');
    await expect.poll(() => board.textContent()).toContain('Zacchaeus the Short');
    const html = await page.content();
    expect(html).not.toContain(email);
    expect(html).not.toContain('@example.org');
    await page.getByText(/You are \d+(st|nd|rd|th) of \d+/).waitFor();
    // A phone's touch targets, here and on My Stats.
    expect(await smallTargets(page), '/rankings').toEqual([]);
    await page.goto('/achievements');
    await page.getByTestId('current-streak').waitFor();
    await page.getByRole('button', { name: /^Show all/ }).click();
    expect(await smallTargets(page), '/achievements').toEqual([]);
  });
});
