import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { site } from './site.ts';

const { page: newPage } = useBrowser();

/**
 * The word matches of a search: behind "All word matches" when the page reads the words for their
 * meaning first (once the text's word pairs are learnt), shown at once otherwise.
 */
async function showWordMatches(page: Page) {
  const button = page.getByRole('button', { name: 'All word matches' });
  const hits = page.getByTestId('search-hit');
  // The page may read the words for their meaning only once the text's word pairs are learnt, which a
  // busy machine can finish while the first reply is on screen: the button then comes with the new reply.
  await expect
    .poll(async () => {
      if ((await hits.count()) > 0) return true;
      if (await button.isVisible()) await button.click({ timeout: 2_000 }).catch(() => undefined);
      return (await hits.count()) > 0;
    })
    .toBe(true);
}

describe('home and search', () => {
  it('goes from the home search box to results, and a hit opens the reader at that verse', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Search for a passage, keyword or topic' }).fill('shepherd');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/search?q=shepherd');
    await showWordMatches(page);
    const hits = page.getByTestId('search-hit');
    await expect.poll(() => hits.count()).toBe(20);
    expect(await hits.first().locator('mark').first().textContent()).toMatch(/^shepherd$/i);
    const reference = (await hits.first().locator('span').first().textContent())!;
    await hits.first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`${reference.split(':')[0]}, KJV`);
    const verse = reference.split(':')[1];
    expect(new URL(page.url()).searchParams.get('verse')).toBe(verse);
    await expect.poll(() => page.locator(`#v${verse}`).getAttribute('class'), { timeout: 5000 }).toContain('verse-glow');
  });

  it('offers “Did you mean shepherd?” for a misspelt word, from the translation’s own words, and the link runs that search', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/search?q=sheperd');
    await page.getByRole('heading', { name: 'No verses found for “sheperd”' }).waitFor();
    const offer = page.getByTestId('search-suggestion');
    await expect.poll(() => offer.textContent()).toBe('Did you mean shepherd?');
    const link = offer.getByRole('link', { name: 'shepherd' });
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await link.click();
    await expect.poll(() => new URL(page.url()).search).toBe('?q=shepherd');
    await showWordMatches(page);
    await expect.poll(() => page.getByTestId('search-hit').count()).toBe(20);
    expect(await page.getByRole('textbox').inputValue()).toBe('shepherd');
    expect(await offer.count()).toBe(0);

    // Another translation's own spelling, and the filters chosen are kept.
    await page.goto('/search?q=Yahwe&translation=WEB&testament=OT');
    await offer.getByRole('link', { name: 'Yahweh' }).click();
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: 'Yahweh', translation: 'WEB', testament: 'OT' });
    await showWordMatches(page);
    await expect.poll(() => page.getByTestId('search-hit').count()).toBe(20);
  });

  it('shows passages by meaning beside the keyword hits for a topic, and none for a plain word', async () => {
    const page = await newPage();
    await page.goto('/search?q=verses%20about%20anxiety');
    const topic = page.getByTestId('topic-passages');
    await expect.poll(() => topic.isVisible()).toBe(true);
    expect(await topic.getByRole('heading').textContent()).toBe(' Passages on anxiety and worry');
    await topic.getByRole('link', { name: 'Philippians 4:6-7' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Philippians 4, KJV');
    expect(new URL(page.url()).searchParams.get('verse')).toBe('6');

    await page.goto('/search?q=Melchizedek');
    await showWordMatches(page);
    await expect.poll(() => page.getByTestId('search-hit').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('topic-passages').count()).toBe(0);
  });

  it('reads ordinary words for their meaning first, counts the word matches plainly, and keeps them behind “All word matches”', async () => {
    // The KJV's word pairs are learnt from WEB on its first searches (in slices, a few seconds): wait for them.
    await expect
      .poll(async () => ((await (await fetch(`${site().baseUrl}/api/search?q=afraid`)).json()) as { meaning?: { related: string[] } }).meaning?.related, {
        timeout: 60_000,
      })
      .toContain('fear');
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/search?q=God%20cares%20when%20I%20am%20afraid');
    const meaning = page.getByTestId('meaning-passages');
    await expect.poll(() => meaning.getByRole('listitem').count()).toBe(5);
    expect(await meaning.getByRole('heading').textContent()).toBe('Passages that speak to this');
    expect(await page.getByTestId('meaning-related').textContent()).toContain('fear');
    // Only the words asked are marked, never a word standing in for them.
    const marks = await meaning.locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark).toMatch(/^(god\w*|car\w*|afraid)$/i);
    expect(await page.getByTestId('word-counts').textContent()).toBe('No verse contains all your words; 4,272 contain some');
    expect(await page.getByTestId('search-hit').count()).toBe(0);
    const all = page.getByRole('button', { name: 'All word matches' });
    expect((await all.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await all.click();
    await expect.poll(() => page.getByTestId('search-hit').count()).toBe(20);
    await expect.poll(() => all.count()).toBe(0);
  });

  it('ignores a blank search, offers a reference as a passage, and filters by testament', async () => {
    const page = await newPage();
    await page.goto('/search');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('textbox').fill('John 3:16');
    await page.keyboard.press('Enter');
    const open = page.getByRole('link', { name: 'Open John 3:16 in the reader' });
    await expect.poll(() => open.isVisible()).toBe(true);
    // The passage first; the hits for its words ("John") only when asked for.
    expect(await page.getByTestId('search-hit').count()).toBe(0);
    await page.getByRole('button', { name: 'Search these words instead' }).click();
    await expect.poll(() => page.getByTestId('search-hit').count()).toBe(20);
    await page.goto('/search?q=love&testament=OT');
    await showWordMatches(page);
    await expect.poll(() => page.getByTestId('search-hit').count()).toBe(20);
    const references = await page.getByTestId('search-hit').locator('span:first-child').allTextContents();
    expect(references.some((r) => /^(Matthew|John|Romans|1 John)/.test(r))).toBe(false);
  });

  it('shows the verse of the day from the store with a KJV reader link, and sends chips to the chat', async () => {
    const page = await newPage();
    await page.goto('/');
    // The verse card's link (today's prayer from Scripture links its passage the same way).
    const link = page.getByRole('region', { name: 'Verse of the Day' }).getByRole('link', { name: /\(KJV\)$/ });
    await expect.poll(() => link.count()).toBe(1);
    const href = new URL((await link.getAttribute('href'))!, 'http://x');
    expect(href.pathname).toBe('/bible');
    expect(href.searchParams.get('translation')).toBe('KJV');
    expect(href.searchParams.get('book')).not.toBe('Psalm');
    await page.getByRole('button', { name: 'Peace' }).click();
    // The chip goes to /chat?q=…, which asks it once and then drops q from the address.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/chat');
    // Asked once: one question in the conversation (the list of kept conversations may name it too).
    await expect.poll(() => page.getByRole('list', { name: 'Conversation' }).getByText('How can I find peace in difficult times?').count()).toBe(1);
  });

  it('falls back to Matthew 11:28, its text from the store, with a word of comfort when there is no verse of the day', async () => {
    const page = await newPage();
    // The home page's data comes inside the page the server renders; arriving from another page, the
    // browser asks for it, and this answer has no verse of the day.
    await page.goto('/about');
    await page.route('**/api/homepage', (route) => route.fulfill({ json: { verse: null, prayer: null, prayerImage: null, visualContemplation: null } }));
    await page.getByRole('link', { name: 'Selah', exact: true }).first().click();
    const quote = page.locator('section[aria-labelledby="votd"] blockquote');
    await expect.poll(() => quote.textContent()).toBe('“Come unto me, all ye that labour and are heavy laden, and I will give you rest.”');
    expect(await page.getByRole('link', { name: 'Matthew 11:28 (KJV)' }).getAttribute('href')).toBe('/bible?book=Matthew&chapter=11&verse=28&translation=KJV');
    expect(await page.getByText('you are invited to come and rest').count()).toBe(1);
  });

  it('has a footer whose terms and privacy links open standalone pages in a new tab, and this year', async () => {
    const page = await newPage();
    await page.goto('/');
    const footer = page.locator('footer');
    await expect.poll(() => footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
    for (const [name, href] of [
      ['Terms', '/terms-standalone'],
      ['Privacy', '/privacy-standalone'],
    ]) {
      const link = footer.getByRole('link', { name });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    const [popup] = await Promise.all([page.waitForEvent('popup'), footer.getByRole('link', { name: 'Privacy' }).click()]);
    await expect.poll(() => popup.getByRole('heading', { name: 'Privacy Policy' }).isVisible()).toBe(true);
    expect(await popup.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });
});
