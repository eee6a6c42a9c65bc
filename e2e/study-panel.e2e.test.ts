import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { signUpAndConfirm } from './account-steps.ts';

const { page: newPage } = useBrowser();

async function openChapter(page: Page, book: string, chapter: number) {
  await page.goto(`/bible?book=${encodeURIComponent(book)}&chapter=${chapter}`);
  await expect.poll(() => page.locator('#v1').isVisible()).toBe(true);
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Scripture Insights' });
const guestNotes = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('guestNotes') ?? '[]') as { title: string; content: string; type: string; userId: string }[]);

describe('Scripture Insights (the study panel)', () => {
  it('writes each kind of note for a guest, keeps them in the browser, and deletes them', async () => {
    const page = await newPage();
    await openChapter(page, 'John', 3);
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    const study = panel(page);
    await expect.poll(() => study.isVisible()).toBe(true);
    expect(await study.getByRole('tab', { selected: true }).textContent()).toBe('Notes');
    expect(await study.getByRole('tab').allTextContents()).toEqual(['Quote', 'Study', 'Ask', 'Notes', 'Mark', 'Commentary', 'Cross references', 'Dictionary']);

    // Save stays disabled while the text is blank after trimming (spec §5).
    const save = study.getByRole('button', { name: 'Save Note' });
    expect(await save.isDisabled()).toBe(true);
    await study.getByLabel('Your note').fill('   \n  ');
    expect(await save.isDisabled()).toBe(true);
    await study.getByLabel('Your note').fill('Born of water and the Spirit.');
    await save.click();
    await expect.poll(() => study.getByTestId('saved-note').count()).toBe(1);
    await expect.poll(() => study.getByLabel('Your note').inputValue()).toBe('');

    await study.getByRole('tab', { name: 'Study' }).click();
    await study.getByLabel('What you understand').fill('Nicodemus comes by night.');
    await study.getByRole('button', { name: 'Save Understanding' }).click();
    await study.getByRole('tab', { name: 'Ask' }).click();
    await study.getByLabel('Your question').fill('What does born again mean?');
    await study.getByRole('button', { name: 'Save Question' }).click();
    await expect.poll(async () => (await guestNotes(page)).length).toBe(3);
    expect((await guestNotes(page)).map((n) => [n.type, n.title, n.userId]).sort()).toEqual([
      ['freeform', 'Freeform for John 3', 'guest'],
      ['question', 'Question for John 3', 'guest'],
      ['understand', 'Understand for John 3', 'guest'],
    ]);

    // Escape closes the panel; the notes are still there after a reload.
    await page.keyboard.press('Escape');
    await expect.poll(() => study.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('#v1').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    await panel(page).getByRole('tab', { name: 'Ask' }).click();
    const saved = panel(page).getByTestId('saved-note');
    await expect.poll(() => saved.count()).toBe(1);
    expect(await saved.textContent()).toContain('What does born again mean?');
    await panel(page).getByRole('button', { name: 'Delete Question for John 3' }).click();
    await expect.poll(() => saved.count()).toBe(0);
    expect((await guestNotes(page)).map((n) => n.type).sort()).toEqual(['freeform', 'understand']);
  });

  it('quotes a verse from the verse menu: "the verse", a blank line, then the reflection', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await openChapter(page, 'John', 3);
    await page.locator('#v16').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Quote' }).click();
    const study = panel(page);
    await expect.poll(() => study.getByRole('tab', { selected: true }).textContent()).toBe('Quote');
    // Full screen on a phone.
    const box = await study.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const verse = (await page.locator('#v16').innerText()).replace(/^16\s*/, '').trim();
    expect(await study.locator('blockquote').textContent()).toContain(verse.slice(0, 30));
    await study.getByLabel('Your reflection').fill('The whole gospel in one verse.');
    await study.getByRole('button', { name: 'Save Quote Note' }).click();
    await expect.poll(async () => (await guestNotes(page)).length).toBe(1);
    const [note] = await guestNotes(page);
    expect(note!.title).toBe('Quote for John 3:16');
    expect(note!.content).toMatch(/^"For God so loved the world.*"\n\nThe whole gospel in one verse\.$/s);
  });

  it("lists this chapter's highlights on the Mark tab and removes them there", async () => {
    const page = await newPage();
    await openChapter(page, 'Psalms', 23);
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    await panel(page).getByRole('tab', { name: 'Mark' }).click();
    expect(await panel(page).getByText('No highlights in this chapter yet').isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await page.locator('#v1').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Highlight yellow' }).click();
    await expect.poll(() => page.locator('#v1').getAttribute('class')).toContain('bg-yellow-200');
    await page.locator('#v4').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Study' }).click();
    await panel(page).getByRole('tab', { name: 'Mark' }).click();
    const marks = panel(page).getByTestId('chapter-mark');
    await expect.poll(() => marks.count()).toBe(1);
    expect(await marks.textContent()).toContain('Psalm 23:1');
    await panel(page).getByRole('button', { name: 'Remove highlight Psalm 23:1' }).click();
    await expect.poll(() => panel(page).getByText('No highlights in this chapter yet').isVisible()).toBe(true);
    expect(await page.locator('#v1').getAttribute('class')).not.toContain('bg-yellow-200');
  });

  it("keeps a signed-in reader's notes on the server, on a verse and on the chapter", async () => {
    const page = await newPage();
    await signUpAndConfirm(page, 'thyatira@example.org', 'seller of purple');
    await page.getByRole('dialog', { name: 'Welcome to Selah' }).getByRole('button', { name: 'Continue' }).click();
    await openChapter(page, 'Acts', 16);
    await page.locator('#v14').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Note' }).click();
    await panel(page).getByLabel('Your note').fill('The Lord opened her heart.');
    await panel(page).getByRole('button', { name: 'Save Note' }).click();
    await expect.poll(() => panel(page).getByTestId('saved-note').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('guestNotes'))).toBeNull();
    const server = await page.evaluate(async () => (await fetch('/api/notes')).json());
    expect(server.map((n: { title: string; content: string }) => [n.title, n.content])).toEqual([['Freeform for Acts 16:14', 'The Lord opened her heart.']]);

    // A note on a verse belongs to its chapter (spec §5): it shows when the panel opens on the chapter.
    await page.reload();
    await expect.poll(() => page.locator('#v1').isVisible()).toBe(true);
    // The verse shows that it has a note; others do not.
    await expect.poll(() => page.locator('#v14 [data-noted]').count()).toBe(1);
    expect(await page.locator('#v13 [data-noted]').count()).toBe(0);
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    await expect.poll(() => panel(page).getByTestId('saved-note').count()).toBe(1);
    const activity = await page.evaluate(async () => (await fetch('/api/study-activity/recent')).json());
    expect(activity[0]).toMatchObject({ notesCreated: 1 });
  });
});
