import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures.ts';
import { SEEDED_READER } from './seeded-accounts.ts';
import { signInAs } from './session.ts';

const { page: newPage } = useBrowser();
const answers = (page: Awaited<ReturnType<typeof newPage>>) => page.getByRole('article', { name: 'Answer' });

describe('Bible Chat', () => {
  it('answers a home chip once, with references that open the reader at the verse', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Peace' }).click();
    await expect.poll(() => answers(page).count()).toBe(1);
    // Asked once: the address then names the kept conversation instead of the question, so a reload does not ask again.
    await expect.poll(() => page.url()).toMatch(/\/chat\?c=[0-9a-f-]{36}$/);
    expect(await page.getByRole('list', { name: 'Conversation' }).getByText('How can I find peace in difficult times?').count()).toBe(1);

    const link = answers(page).getByRole('link', { name: 'John 14:27' });
    expect(await link.getAttribute('title')).toMatch(/^Peace I leave with you, my peace I give unto you/);
    // Under the answer, what it was drawn from; the note for administrators is not there.
    expect(await answers(page).locator('.answer-sources').textContent()).toBe('From Scripture and Selah’s topics; every reference checked');
    expect(await answers(page).getByText('It finds and quotes', { exact: false }).count()).toBe(0);
    await link.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('John 14, KJV');
    expect(new URL(page.url()).searchParams.get('verse')).toBe('27');

    await page.goto('/chat');
    await page.waitForTimeout(300);
    expect(await answers(page).count()).toBe(0);
  });

  it('shows a topical answer under headings that stand out from the passages, each saying why its passages are there', async () => {
    const page = await newPage();
    await page.goto('/chat?q=What%20does%20the%20Bible%20say%20about%20money%3F');
    const heading = answers(page).getByRole('heading', { level: 3, name: 'The love of money' });
    await expect.poll(() => heading.count()).toBe(1);
    expect(await heading.evaluate((h) => getComputedStyle(h).fontWeight)).toBe('700');
    expect(await answers(page).getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'The love of money',
      'Contentment',
      'Treasure in heaven',
      'God provides',
      'Debt',
    ]);
    // The topic is named once under each heading; each passage says what it says about money.
    expect(await answers(page).locator('em', { hasText: 'From Selah’s topic ‘money and possessions’.' }).count()).toBe(5);
    expect(await answers(page).locator('em', { hasText: 'No one can serve both God and money.' }).count()).toBe(1);
  });

  it('sends with Enter, adds a line with Shift+Enter, ignores a blank question, and keeps the conversation going', async () => {
    const page = await newPage();
    await page.goto('/chat');
    const input = page.getByRole('textbox', { name: 'Ask a question' });
    await input.fill('   ');
    await input.press('Enter');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await page.waitForTimeout(200);
    expect(await answers(page).count()).toBe(0);

    await input.fill("I'm anxious");
    await input.press('Shift+Enter');
    await input.type('about my job');
    expect(await input.inputValue()).toBe("I'm anxious\nabout my job");
    await input.press('Enter');
    await expect.poll(() => answers(page).count()).toBe(1);
    expect(await input.inputValue()).toBe('');
    expect(await answers(page).getByRole('link', { name: '1 Peter 5:7' }).count()).toBe(1);

    await input.fill('What does Hezekiah 3:16 say?');
    await input.press('Enter');
    await expect.poll(() => answers(page).count()).toBe(2);
    const second = answers(page).nth(1);
    // Not in Scripture: struck through, said so, and never a link.
    expect(await second.locator('del').first().textContent()).toBe('Hezekiah 3:16');
    expect(await second.getByText('not found in Scripture', { exact: false }).count()).toBeGreaterThan(0);
    expect(await second.getByRole('link', { name: /Hezekiah/ }).count()).toBe(0);
  });

  it('asks about the selected verses from the reader, and goes on in the chat', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=3');
    await page.locator('#v16').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Ask AI about John 3:16' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask AI' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('blockquote').textContent()).toMatch(/^For God so loved the world/);
    // Asked with nothing typed, it asks what the passage means.
    await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = dialog.getByRole('article', { name: 'Answer' });
    await expect.poll(() => answer.count()).toBe(1);
    expect(await answer.getByRole('link', { name: 'John 3:16' }).first().getAttribute('href')).toBe('/bible?book=John&chapter=3&verse=16&translation=KJV');
    // An explanation under short headings, and what it was drawn from under it.
    expect(await answer.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['What John 3:16 says', 'Passages that explain it']);
    expect(await answer.locator('.answer-sources').textContent()).toBe('From Scripture; every reference checked');
    await answer.getByRole('link', { name: 'Continue in chat' }).click();
    // The chat page asks the question it was given (the panel's own answer may linger while it closes).
    await expect.poll(() => page.getByRole('list', { name: 'Conversation' }).getByText('What does John 3:16 mean? (John 3:16)').count()).toBe(1);
    await expect.poll(() => page.getByRole('list', { name: 'Conversation' }).getByRole('article', { name: 'Answer' }).count()).toBe(1);
  });

  it("keeps a signed-in reader's questions for them until they turn the history off", async () => {
    const page = await signInAs(await newPage(), SEEDED_READER);
    await page.goto('/chat');
    await page.getByRole('textbox', { name: 'Ask a question' }).fill('Where was Jesus born?');
    // The question is sent to the history after the answer, in the background: wait for it before leaving.
    const tracked = page.waitForResponse((res) => res.url().endsWith('/api/personalization/track-question'));
    await page.keyboard.press('Enter');
    await expect.poll(() => answers(page).count()).toBe(1);
    expect((await tracked).status()).toBe(204);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Questions to the AI' });
    await expect.poll(() => section.getByText('1 question kept.').count()).toBe(1);
    const keep = section.getByRole('checkbox', { name: /Keep a history of my questions/ });
    expect(await keep.isChecked()).toBe(true);
    await keep.uncheck();
    await expect.poll(() => section.getByText('0 questions kept.').count()).toBe(1);
    expect(await keep.isChecked()).toBe(false);
  });
});
