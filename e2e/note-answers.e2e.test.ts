import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { signUpAndConfirm } from './account-steps.ts';

const { page: newPage } = useBrowser();
const panel = (page: Page) => page.getByRole('dialog', { name: 'Scripture Insights' });

/** Opens the study panel on Philippians 4:6 and saves a question there. */
async function askAQuestionNote(page: Page) {
  await page.goto('/bible?book=Philippians&chapter=4');
  await page.locator('#v6').click();
  await page.getByTestId('verse-menu').getByRole('button', { name: 'Study' }).click();
  const study = panel(page);
  await study.getByRole('tab', { name: 'Ask' }).click();
  await study.getByLabel('Your question').fill('How do I stop worrying about everything?');
  await study.getByRole('button', { name: 'Save Question' }).click();
  await expect.poll(() => study.getByTestId('saved-note').count()).toBe(1);
  return study;
}

async function askAi(page: Page) {
  const study = panel(page);
  await study.getByRole('button', { name: 'Ask AI about Question for Philippians 4:6' }).click();
  const answer = study.getByTestId('note-answer');
  await expect.poll(() => answer.count()).toBe(1);
  // Spec §9: a short answer, starting from the note's own verse.
  expect(await answer.getByRole('link', { name: 'Philippians 4:6' }).count()).toBe(1);
  expect(await answer.textContent()).toContain('Be careful for nothing');
  expect(await answer.textContent()).not.toContain('not saved');
}

async function reopen(page: Page) {
  await page.reload();
  await page.locator('#v6').click();
  await page.getByTestId('verse-menu').getByRole('button', { name: 'Study' }).click();
  await panel(page).getByRole('tab', { name: 'Ask' }).click();
  await expect.poll(() => panel(page).getByTestId('note-answer').count()).toBe(1);
  expect(await panel(page).getByTestId('note-answer').textContent()).toContain('Be careful for nothing');
  // Its references are links to the reader again, as when it was first shown.
  expect(await panel(page).getByTestId('note-answer').getByRole('link', { name: 'Philippians 4:6' }).count()).toBe(1);
}

describe('Ask AI on a note', () => {
  it("answers a guest's note, keeps the answer in this browser, and shows it after a reload", async () => {
    const page = await newPage();
    await askAQuestionNote(page);
    await askAi(page);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('guestAiResponses') ?? '{}') as Record<string, { reference: string }>);
    expect(Object.keys(kept)).toHaveLength(1);
    expect(Object.keys(kept)[0]).toMatch(/^[0-9a-f-]{36}_Philippians 4:6$/);
    await reopen(page);
  });

  it("keeps a signed-in reader's answer on the account", async () => {
    const page = await newPage();
    await signUpAndConfirm(page, 'onesiphorus@example.org', 'oft refreshed me');
    // A new account is asked for a name once; answer it so it does not cover the reader.
    const welcome = page.getByRole('dialog', { name: 'Welcome to Selah' });
    await welcome.getByRole('button', { name: 'Use suggested name' }).click();
    await expect.poll(() => welcome.count()).toBe(0);
    await askAQuestionNote(page);
    await askAi(page);
    expect(await page.evaluate(() => localStorage.getItem('guestAiResponses'))).toBeNull();
    await reopen(page);
  });
});
