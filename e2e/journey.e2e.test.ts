import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { logIn, signUpAndConfirm } from './account-steps.ts';

const { page: newPage } = useBrowser();

const EMAIL = 'aquila@example.org';
const PASSWORD = 'tentmakers of corinth';
const panel = (page: Page) => page.getByRole('dialog', { name: 'Scripture Insights' });

async function openChapter(page: Page, book: string, chapter: number) {
  await page.goto(`/bible?book=${encodeURIComponent(book)}&chapter=${chapter}`);
  await expect.poll(() => page.locator('#v1').isVisible()).toBe(true);
}

async function highlight(page: Page, verses: number[], colour: string) {
  for (const v of verses) await page.locator(`#v${v}`).click();
  await page
    .getByTestId('verse-menu')
    .getByRole('button', { name: `Highlight ${colour}` })
    .click();
}

async function writeNote(page: Page, tab: string, label: string, save: string, text: string) {
  await panel(page).getByRole('tab', { name: tab }).click();
  await panel(page).getByLabel(label).fill(text);
  await panel(page).getByRole('button', { name: save }).click();
  // Saved means listed under the form (the text area itself still holds the text until then).
  await expect.poll(() => panel(page).getByTestId('saved-note').filter({ hasText: text }).count()).toBe(1);
}

const serverNotes = (page: Page) => page.evaluate(async () => (await (await fetch('/api/notes')).json()) as { type: string; title: string; content: string }[]);
const serverHighlights = (page: Page) => page.evaluate(async () => (await (await fetch('/api/highlights')).json()) as { reference: string; color: string }[]);

describe("a reader's journey: account, highlights, every kind of note, My Notes, and guest data kept", () => {
  it('signs up, studies Romans 12, finds and exports the notes, then brings guest study into the account', async () => {
    const page = await newPage();

    // Sign up → the verification mail from the SMTP server → verified and signed in → display name.
    await signUpAndConfirm(page, EMAIL, PASSWORD);
    const welcome = page.getByRole('dialog', { name: 'Welcome to Selah' });
    await welcome.getByRole('textbox').fill('Priscilla');
    await welcome.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => welcome.count()).toBe(0);

    // Highlight two verses, then write each kind of note.
    await openChapter(page, 'Romans', 12);
    await highlight(page, [2, 1], 'yellow');
    await expect.poll(() => page.locator('#v2').getAttribute('class')).toContain('bg-yellow-200');
    await page.locator('#v2').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Quote' }).click();
    await writeNote(page, 'Quote', 'Your reflection', 'Save Quote Note', 'Renewed, not conformed.');
    await writeNote(page, 'Study', 'What you understand', 'Save Understanding', 'Transformation starts in the mind.');
    await writeNote(page, 'Ask', 'Your question', 'Save Question', 'What is a living sacrifice?');
    await writeNote(page, 'Notes', 'Your note', 'Save Note', 'Memorise verses 1 and 2.');
    await page.keyboard.press('Escape');

    // Reload: everything is still there, on the server.
    await page.reload();
    await expect.poll(() => page.locator('#v1').getAttribute('class')).toContain('bg-yellow-200');
    expect(await page.locator('#v2').getAttribute('class')).toContain('bg-yellow-200');
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    for (const [tab, text] of [
      ['Quote', 'Renewed, not conformed.'],
      ['Study', 'Transformation'],
      ['Ask', 'living sacrifice'],
      ['Notes', 'Memorise'],
    ]) {
      await panel(page).getByRole('tab', { name: tab }).click();
      await expect.poll(() => panel(page).getByTestId('saved-note').filter({ hasText: text }).count()).toBe(1);
    }
    await page.keyboard.press('Escape');
    const notes = await serverNotes(page);
    expect(notes.map((n) => n.title).sort()).toEqual([
      'Freeform for Romans 12:2',
      'Question for Romans 12:2',
      'Quote for Romans 12:2',
      'Understand for Romans 12:2',
    ]);
    expect(notes.find((n) => n.type === 'quote')!.content).toMatch(/^"And be not conformed to this world.*"\n\nRenewed, not conformed\.$/s);

    // My Notes: search, then export Markdown.
    await page.goto('/notes');
    await expect.poll(() => page.getByTestId('note-card').count()).toBe(4);
    await page.getByRole('searchbox', { name: 'Search' }).fill('sacrifice');
    await expect.poll(() => page.getByTestId('note-card').count()).toBe(1);
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /^Markdown/ }).click()]);
    const markdown = readFileSync(await download.path(), 'utf8');
    for (const title of ['Quote for Romans 12:2', 'Understand for Romans 12:2', 'Question for Romans 12:2', 'Freeform for Romans 12:2'])
      expect(markdown).toContain(title);

    // Sign out; as a guest, highlight and note in this browser.
    await page.goto('/api/logout');
    await openChapter(page, 'Philippians', 4);
    await highlight(page, [13], 'green');
    await page.locator('#v6').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Note' }).click();
    await writeNote(page, 'Notes', 'Your note', 'Save Note', 'Pray about everything.');
    await page.keyboard.press('Escape');
    const kept = await page.evaluate(() => [localStorage.getItem('guestHighlights'), localStorage.getItem('guestNotes')]);
    expect(kept.every((v) => v && JSON.parse(v).length === 1)).toBe(true);

    // Sign in: the guest's study is in the account and gone from the browser.
    await logIn(page, EMAIL, PASSWORD);
    await expect.poll(() => page.evaluate(() => [localStorage.getItem('guestHighlights'), localStorage.getItem('guestNotes')])).toEqual([null, null]);
    expect((await serverHighlights(page)).map((h) => `${h.reference} ${h.color}`).sort()).toEqual([
      'Philippians 4:13 green',
      'Romans 12:1 yellow',
      'Romans 12:2 yellow',
    ]);
    expect((await serverNotes(page)).find((n) => n.content === 'Pray about everything.')?.title).toBe('Freeform for Philippians 4:6');
    await openChapter(page, 'Philippians', 4);
    await expect.poll(() => page.locator('#v13').getAttribute('class')).toContain('bg-green-200');
    await expect.poll(() => page.locator('#v6 [data-noted]').count()).toBe(1);
  });
});
