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
    const john = page.getByRole('link', { name: /^John 4%\s+1 of 21 chapters read/ });
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

describe('Reading plans and the personalization test', () => {
  it("joins a plan; today's reading opens the reader, and reading it to the end checks it off", async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await newReader(page, 'Timothy of Lystra');
    await page.goto('/bible-plans');
    // The catalogue's fourth plan: the Gospels in 30 days.
    await page.getByRole('button', { name: 'Start this plan' }).nth(3).click();
    const plan = page.getByTestId('plan-gospels-30');
    await plan.waitFor();
    expect(await plan.textContent()).toContain('Day 1 of 30');
    await plan.getByRole('link', { name: 'Matthew 1', exact: true }).click();
    await page.waitForURL(/\/bible\?.*book=Matthew.*chapter=1/);
    await page.locator('#v1').waitFor();
    await page.mouse.move(640, 400);
    await readToTheEnd(page);
    await page.goto('/bible-plans');
    const first = page.getByTestId('plan-gospels-30').getByRole('checkbox', { name: 'Matthew 1 read' });
    await first.waitFor();
    await expect.poll(() => first.isChecked(), { timeout: 10_000 }).toBe(true);
    // And by hand. The box is drawn checked at once; the reload waits for the server to have kept it,
    // or it could cancel the request it races.
    const second = page.getByTestId('plan-gospels-30').getByRole('checkbox', { name: 'Matthew 2 read' });
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/plans\/gospels-30\/readings\/\d+$/.test(r.url()));
    await second.check();
    expect((await saved).status()).toBe(200);
    await page.reload();
    const secondAgain = page.getByTestId('plan-gospels-30').getByRole('checkbox', { name: 'Matthew 2 read' });
    await secondAgain.waitFor();
    await expect.poll(() => secondAgain.isChecked(), { timeout: 10_000 }).toBe(true);
    // A phone's touch targets on the plans page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    expect(await smallTargets(page)).toEqual([]);
  });

  it('recommends a plan and a translation from the answers, and applies them when asked', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/personalization-test');
    await page.getByRole('button', { name: 'Start' }).click();
    for (const answer of ['I have read parts of it', 'Read the whole Bible', 'Half an hour or more']) {
      await page.getByRole('radio', { name: answer }).check();
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('checkbox', { name: 'Hope and comfort' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /^Thought-for-Thought/ }).check();
    await page.getByRole('button', { name: 'See my result' }).click();
    await page.getByText('The Bible in a Year').first().waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: 'Use these' }).click();
    await page.getByText('You’re all set').waitFor();
    // The translation is now the reader's (NIV is the installed thought-for-thought one here).
    expect(await page.evaluate(() => localStorage.getItem('preferredTranslation'))).toBe('NIV');
    await page.goto('/bible-plans');
    await page.getByTestId('plan-bible-year').waitFor();
    // The answers stay in this browser: coming back shows the result again.
    await page.goto('/personalization-test');
    await page
      .getByRole('button', { name: /Retake/ })
      .first()
      .waitFor();
  });
});
