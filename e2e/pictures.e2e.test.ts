import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clientAddress, useBrowser } from './fixtures.ts';

// Issue 15: verse visualizations, chapter illustrations, the share dialog and the public pages, with
// pictures made by the server's embedded engine.
const { page: newPage, baseUrl } = useBrowser();

async function openVerseMenu(page: Page, path: string, verse: number) {
  await page.goto(path);
  await page.locator(`#v${verse}`).click();
  const menu = page.getByTestId('verse-menu');
  await menu.waitFor();
  return menu;
}

/** Chapter illustrations made through the API, each from its own address (the per-address limit is 10 an hour). */
async function makeChapterPictures(reference: string, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${baseUrl}/api/gallery/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(), origin: baseUrl },
      body: JSON.stringify({ bibleReference: reference, translation: 'KJV' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

/** How many toasts say this (they stack: the newest is not the first). */
const toastWith = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).count();
const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"], meta[name="${property}"]`).getAttribute('content');

describe('Verse visualizations', () => {
  it('creates a picture of the verse, shows it in the gallery, and opens it full size', async () => {
    const page = await newPage();
    const menu = await openVerseMenu(page, '/bible?book=John&chapter=3&translation=KJV', 16);
    await menu.getByRole('button', { name: 'Visualize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Visualize John 3:16' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create Visualization' }).click();
    await expect.poll(() => toastWith(page, 'Your verse visualization has been created!'), { timeout: 30_000 }).toBe(1);
    // Spec §4: once one is made in this opening, a note takes the button's place.
    await expect.poll(() => dialog.getByRole('button', { name: 'Create Visualization' }).count()).toBe(0);
    expect(await dialog.getByRole('status').textContent()).toContain('Your picture is in the gallery');
    const grid = dialog.getByRole('list', { name: 'Pictures of John 3:16' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBeGreaterThan(0);
    const thumb = grid.getByRole('listitem').first().locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);

    const viewed = page.waitForResponse((r) => r.url().includes('/api/verse-visualizations/detail/'));
    await grid.getByRole('listitem').first().getByRole('button').click();
    expect((await viewed).status()).toBe(200);
    const full = dialog.locator('img[width="1080"]');
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1080);
    expect(await dialog.textContent()).toContain('John 3:16');
    await dialog.getByRole('button', { name: 'Back to the gallery' }).click();
    await grid.waitFor();
  });

  it('remakes a thumbnail that fails to load, up to twice, 2 s apart', async () => {
    const page = await newPage();
    // The first picture of Romans 8:28 is made through the API; the browser is then told its thumbnail fails twice.
    const made = await fetch(`${baseUrl}/api/verse-visualizations/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress(), origin: baseUrl },
      body: JSON.stringify({ reference: 'Romans 8:28', verseText: await verseText('Romans 8:28'), translation: 'KJV' }),
    }).then((r) => r.json() as Promise<{ thumbnailUrl: string }>);
    let failures = 0;
    await page.route(`**${made.thumbnailUrl}*`, (route) => (failures++ < 2 ? route.fulfill({ status: 503, body: '' }) : route.continue()));
    const regenerations: number[] = [];
    page.on('request', (r) => r.url().endsWith('/api/verse-visualizations/regenerate') && regenerations.push(Date.now()));
    const menu = await openVerseMenu(page, '/bible?book=Romans&chapter=8&translation=KJV', 28);
    await menu.getByRole('button', { name: 'Visualize' }).click();
    const thumb = page.getByRole('list', { name: 'Pictures of Romans 8:28' }).locator('img').first();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(400);
    expect(regenerations).toHaveLength(2);
    expect(regenerations[1]! - regenerations[0]!).toBeGreaterThanOrEqual(1900);
  });
});

async function verseText(reference: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/bible/compare/${encodeURIComponent(reference)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ translations: ['KJV'] }),
  });
  const [item] = (await res.json()) as { text: string }[];
  return item!.text;
}

describe('Chapter illustrations', () => {
  it('pages 13 illustrations 6 at a time, creates one, and opens one with its details and share menu', async () => {
    await makeChapterPictures('Psalms 121', 12);
    const page = await newPage();
    await page.goto('/bible?book=Psalms&chapter=121&translation=KJV');
    await page.getByRole('button', { name: 'Visualize Psalm 121' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chapter Illustrations - Psalm 121' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText('Page 1 of 2').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Create Chapter Illustration' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Creating an illustration…' }).count()).toBe(1);
    await expect.poll(() => toastWith(page, 'Visualization Created!'), { timeout: 30_000 }).toBe(1);
    // The list was fetched again: 13 now, on 3 pages.
    await expect.poll(() => dialog.getByText('Page 1 of 3').count()).toBe(1);
    const grid = dialog.getByRole('list', { name: 'Illustrations of Psalm 121' });
    expect(await grid.getByRole('listitem').count()).toBe(6);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => dialog.getByText('Page 2 of 3').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => dialog.getByText('Page 3 of 3').count()).toBe(1);
    expect(await grid.getByRole('listitem').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await grid.getByRole('listitem').first().getByRole('button').click();
    await expect.poll(() => dialog.getByText(/1 view/).count()).toBe(1);
    expect(await dialog.textContent()).toContain('Psalm 121');
    await dialog.getByRole('button', { name: 'Copy Link' }).click();
    await expect.poll(() => toastWith(page, 'Link Copied!')).toBe(1);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl}/chapter-visualization/[a-z0-9]{12}$`));
    // X's window is 600 × 400, with the link (the window itself would need the internet: its opening is recorded).
    await page.evaluate(() => {
      window.open = (...args: unknown[]) => ((window as unknown as { opened: unknown[] }).opened = args) && null;
    });
    await dialog.getByRole('button', { name: 'X', exact: true }).click();
    const [url, , features] = (await page.evaluate(() => (window as unknown as { opened: string[] }).opened))!;
    expect(url).toContain(`url=${encodeURIComponent(link)}`);
    expect(features).toMatch(/^width=600,height=400,/);

    const pageOf = await newPage({ width: 390, height: 844 });
    const response = await pageOf.goto(link.replace(baseUrl, ''));
    expect(response!.status()).toBe(200);
    expect(await pageOf.getByRole('heading', { level: 1 }).textContent()).toBe('Psalm 121 KJV');
  });
});

describe('Sharing a verse', () => {
  it('makes two graphics, then a link a stranger opens with the picture and the words', async () => {
    const page = await newPage();
    const menu = await openVerseMenu(page, '/bible?book=Psalms&chapter=23&translation=KJV', 1);
    await menu.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Psalm 23:1' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Deep Rose' }).click();
    await dialog.getByRole('button', { name: 'Elegant' }).click();
    expect(await dialog.getByTestId('share-preview').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(136, 19, 55)');
    const generate = dialog.getByRole('button', { name: 'Generate Graphic' });
    await generate.click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Graphic 1' }).count(), { timeout: 30_000 }).toBe(1);
    await generate.click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Graphic 2' }).count(), { timeout: 30_000 }).toBe(1);
    // Spec §4/§9: two graphics per dialog, then 'Limit Reached'.
    const limit = dialog.getByRole('button', { name: 'Limit Reached' });
    expect(await limit.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    const field = dialog.getByLabel('Link to share');
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/shared/[a-z0-9]{10}$`));
    await expect.poll(() => toastWith(page, 'Verse Shared')).toBe(1);
    await dialog.getByRole('button', { name: 'Copy Link' }).click();
    await expect.poll(() => toastWith(page, 'Link copied to clipboard!')).toBe(1);

    // A stranger: another browser context, signed in as nobody.
    const stranger = await newPage({ width: 390, height: 844, colorScheme: 'dark' });
    const response = await stranger.goto(link.replace(baseUrl, ''));
    expect(response!.status()).toBe(200);
    // The shared page names the passage as the reader did (issue 28).
    expect(await stranger.getByRole('heading', { level: 1 }).textContent()).toBe('Psalm 23:1 KJV');
    expect(await stranger.title()).toBe('Psalm 23:1 (KJV) — Selah');
    expect(await stranger.locator('blockquote footer').textContent()).toBe('— Psalm 23:1 (KJV)');
    expect(await stranger.locator('blockquote').textContent()).toContain(await verseText('Psalm 23:1'));
    const image = stranger.locator('main img').first();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1080);
    expect(await meta(stranger, 'twitter:card')).toBe('summary_large_image');
    const ogImage = (await meta(stranger, 'og:image'))!;
    expect(await meta(stranger, 'og:image:width')).toBe('1080');
    const served = await fetch(ogImage);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    await stranger.getByRole('link', { name: 'Read in context' }).click();
    await stranger.waitForURL(/\/bible\?book=Psalms&chapter=23&verse=1&translation=KJV/);

    // The guest who shared finds it in My Shared Verses and deletes it; the link then leads nowhere.
    await page.goto('/my-shared-verses');
    const row = page.getByRole('listitem').filter({ hasText: 'Psalm 23:1' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Delete the shared Psalm 23:1' }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect((await stranger.goto(link.replace(baseUrl, '')))!.status()).toBe(404);
  });

  it('answers an unknown picture or share with the not-found page, a 404 and noindex', async () => {
    const page = await newPage();
    for (const path of ['/shared/nosuchcode1', '/verse-visualization/nosuchpicture', '/chapter-visualization/x', '/share/image/nosuchgraphic']) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      expect(await meta(page, 'robots'), path).toBe('noindex');
    }
  });
});
