import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { signUpAndConfirm } from './account-steps.ts';

const { page: newPage } = useBrowser();
const answers = (page: Page) => page.getByRole('list', { name: 'Conversation' }).getByRole('article', { name: 'Answer' });
const conversations = (page: Page) => page.getByRole('navigation', { name: 'Your conversations' });
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

async function askInChat(page: Page, question: string, count: number) {
  await page.getByRole('textbox', { name: 'Ask a question' }).fill(question);
  await page.keyboard.press('Enter');
  await expect.poll(() => answers(page).count()).toBe(count);
}

const guestKept = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('guestConversations') ?? '[]') as { id: string; title: string; turns: unknown[] }[]);

describe('Bible Chat conversations', () => {
  it('keeps a guest’s conversation in the browser: reopened after a reload, renamed, deleted', async () => {
    const page = await newPage();
    await page.goto('/chat');
    await askInChat(page, 'Who was Ruth?', 1);
    await expect.poll(() => page.url()).toMatch(new RegExp(`/chat\\?c=${UUID}$`));
    await askInChat(page, 'And what did Boaz do?', 2);
    const address = page.url();

    // A reload opens the same conversation, answers and links as they were.
    await page.reload();
    await expect.poll(() => answers(page).count()).toBe(2);
    expect(await page.getByText('And what did Boaz do?').count()).toBe(1);
    expect(await answers(page).first().getByRole('link').count()).toBeGreaterThan(0);
    const item = conversations(page).getByRole('link', { name: /Who was Ruth\?/ });
    expect(await item.getAttribute('aria-current')).toBe('page');
    expect(await item.textContent()).toContain('2 questions');

    // A new conversation starts empty; the first is still listed and opens again.
    await conversations(page).getByRole('button', { name: 'New conversation' }).click();
    await expect.poll(() => answers(page).count()).toBe(0);
    await askInChat(page, 'What is grace?', 1);
    await expect.poll(() => conversations(page).getByRole('listitem').count()).toBe(2);
    expect(await conversations(page).getByRole('link').first().textContent()).toContain('What is grace?');
    await conversations(page)
      .getByRole('link', { name: /Who was Ruth\?/ })
      .click();
    await expect.poll(() => page.url()).toBe(address);
    await expect.poll(() => answers(page).count()).toBe(2);

    await conversations(page).getByRole('button', { name: 'Rename Who was Ruth?' }).click();
    const title = conversations(page).getByRole('textbox', { name: 'Conversation title' });
    await title.fill('The Moabitess');
    await title.press('Enter');
    await expect
      .poll(() =>
        conversations(page)
          .getByRole('link', { name: /The Moabitess/ })
          .count(),
      )
      .toBe(1);
    expect((await guestKept(page)).map((c) => c.title)).toEqual(['What is grace?', 'The Moabitess']);

    // Deleting the open conversation asks first, then leaves an empty chat.
    await conversations(page).getByRole('button', { name: 'Delete The Moabitess' }).click();
    await conversations(page).getByRole('group', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => conversations(page).getByRole('listitem').count()).toBe(1);
    await expect.poll(() => answers(page).count()).toBe(0);
    expect((await guestKept(page)).map((c) => c.title)).toEqual(['What is grace?']);
  });

  it('lists conversations in a sheet on a phone, which closes on a choice and on Escape', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/chat');
    await askInChat(page, 'What is faith?', 1);
    const open = page.getByRole('button', { name: 'Conversations' });
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Conversations' });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);

    await open.click();
    await sheet.getByRole('button', { name: 'New conversation' }).click();
    await expect.poll(() => sheet.count()).toBe(0);
    await expect.poll(() => answers(page).count()).toBe(0);
    await open.click();
    await sheet.getByRole('link', { name: /What is faith\?/ }).click();
    await expect.poll(() => sheet.count()).toBe(0);
    await expect.poll(() => answers(page).count()).toBe(1);
  });

  it('moves a guest’s conversations into the account on sign-up, once, however often the move runs', async () => {
    const page = await newPage();
    await page.goto('/chat');
    await askInChat(page, 'Who was Dorcas?', 1);
    await expect.poll(async () => (await guestKept(page)).length).toBe(1);
    const [kept] = await guestKept(page);

    await signUpAndConfirm(page, 'aeneas.of.lydda@example.org', 'arise and make thy bed');
    await expect.poll(() => guestKept(page)).toEqual([]);
    const listed = () =>
      page.evaluate(() =>
        fetch('/api/conversations').then((r) => r.json() as Promise<{ total: number; conversations: { title: string; turnCount: number }[] }>),
      );
    await expect.poll(async () => (await listed()).total).toBe(1);
    expect((await listed()).conversations[0]).toMatchObject({ title: 'Who was Dorcas?', turnCount: 1 });

    // A move cut short leaves the conversation in the browser: it runs again, and nothing is doubled.
    await page.evaluate((c) => localStorage.setItem('guestConversations', JSON.stringify([c])), kept);
    await page.goto(`/chat?c=${kept!.id}`);
    await expect.poll(() => guestKept(page)).toEqual([]);
    await expect.poll(() => answers(page).count()).toBe(1);
    expect((await listed()).conversations[0]).toMatchObject({ turnCount: 1 });
    expect((await listed()).total).toBe(1);
    expect(
      await conversations(page)
        .getByRole('link', { name: /Who was Dorcas\?/ })
        .count(),
    ).toBe(1);

    // Signed in, the next question is kept on the account, in the same conversation.
    await askInChat(page, 'Where did she live?', 2);
    await expect.poll(async () => (await listed()).conversations[0]?.turnCount).toBe(2);
    expect(await guestKept(page)).toEqual([]);
  });

  it('stops an answer on Stop and keeps nothing of it', async () => {
    const page = await newPage();
    // Hold the answer back, as a slow model would, so there is time to press Stop.
    await page.route('**/api/ai/ask/stream', () => {});
    await page.goto('/chat');
    await page.getByRole('textbox', { name: 'Ask a question' }).fill('Tell me everything about Leviticus');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => page.getByText('You stopped this answer.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(1);
    expect(await guestKept(page)).toEqual([]);
    expect(page.url()).toMatch(/\/chat$/);
  });

  it('starts afresh on New conversation even while the first answer is still coming', async () => {
    const page = await newPage();
    await page.route('**/api/ai/ask/stream', () => {});
    await page.goto('/chat');
    await page.getByRole('textbox', { name: 'Ask a question' }).fill('Who wrote the Psalms?');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Stop' }).count()).toBe(1);
    await conversations(page).getByRole('button', { name: 'New conversation' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').count()).toBe(0);
    // The stopped answer does not come back into the new conversation.
    await page.waitForTimeout(300);
    expect(await page.getByText('You stopped this answer.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(1);
  });
});
