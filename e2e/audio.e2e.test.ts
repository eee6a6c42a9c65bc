import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { site } from './site.ts';

// Issue 14 §6: the chapter player, the mini-player, verse audio and the verse mark, on real speech
// made by the server's embedded engine.
const { page: newPage } = useBrowser();

const audioState = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((a: HTMLAudioElement) => ({ time: a.currentTime, paused: a.paused, rate: a.playbackRate, src: a.currentSrc }));
const box = async (page: Page) => (await page.getByTestId('mini-player').boundingBox())!;

/** Listen on Psalm 23: the tap is the gesture, so once the file is made it plays, and the mini-player shows. */
async function listenToPsalm23(page: Page) {
  await page.goto('/bible?book=Psalms&chapter=23&translation=KJV');
  await page.getByRole('button', { name: 'Listen to Psalm 23 (KJV)' }).first().click();
  const mini = page.getByTestId('mini-player');
  await mini.waitFor({ timeout: 60_000 });
  return mini;
}

/** Texts and controls of the page that lie under the mini-player (the player's own excepted). */
const coveredByPlayer = (page: Page) =>
  page.evaluate(() => {
    const player = document.querySelector('[data-testid="mini-player"]')!.getBoundingClientRect();
    const covered: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('[data-testid="mini-player"], noscript, script, style')) continue;
      const control = el.matches('a, button, input, select, textarea, [role="button"]');
      const text = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (!control && !text) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      for (const r of el.getClientRects()) {
        if (r.width <= 1 || r.height <= 1) continue; // visually hidden text for screen readers
        const overlaps = r.left < player.right && r.right > player.left && r.top < player.bottom && r.bottom > player.top;
        if (overlaps) covered.push(`${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 40)}`);
      }
    }
    return covered;
  });

const toTheEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

describe('Listening to a chapter', () => {
  it('starts playing by itself once Listen has made the audio, without a second tap', async () => {
    const page = await newPage();
    await page.goto('/bible?book=Psalms&chapter=23&translation=KJV');
    const listen = page.getByRole('button', { name: 'Listen to Psalm 23 (KJV)' }).first();
    await listen.click();
    // Preparing, then ready: the button is free again and the player has the file.
    await page.getByTestId('chapter-audio').waitFor({ state: 'attached', timeout: 60_000 });
    await expect.poll(() => listen.getAttribute('aria-busy')).toBe('false');
    await expect.poll(async () => (await audioState(page, 'chapter-audio')).paused, { timeout: 10_000 }).toBe(false);
    const first = (await audioState(page, 'chapter-audio')).time;
    await expect.poll(async () => (await audioState(page, 'chapter-audio')).time, { timeout: 10_000 }).toBeGreaterThan(first + 0.5);
    // Playing, the dialog gave way to the mini-player with the pause button.
    const mini = page.getByTestId('mini-player');
    await mini.getByRole('button', { name: 'Pause Psalm 23 (KJV)' }).waitFor();
  });

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    it(`leaves the page's last text and controls uncovered at ${width} px, in the reader and on other pages`, async () => {
      const page = await newPage({ width, height });
      const mini = await listenToPsalm23(page);
      await toTheEnd(page);
      await expect.poll(() => coveredByPlayer(page)).toEqual([]);
      // The last verse and the chapter bar's buttons, by name.
      const player = (await mini.boundingBox())!;
      for (const target of [page.locator('#v6'), page.getByRole('navigation', { name: 'Chapter navigation' }).getByRole('button', { name: 'Study Chapter' })]) {
        const b = (await target.boundingBox())!;
        expect(b.y + b.height <= player.y || b.y >= player.y + player.height || b.x + b.width <= player.x || b.x >= player.x + player.width).toBe(true);
      }
      // Another page, reached inside the app while the audio plays on.
      if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Settings' }).first().click();
      await page.waitForURL(/\/settings/);
      await mini.waitFor();
      // Scrolled to the end again as the page's lists arrive.
      await expect
        .poll(async () => {
          await toTheEnd(page);
          return coveredByPlayer(page);
        })
        .toEqual([]);
    });
  }

  it('opens the player, plays, minimizes once playing, and the mini-player stays inside the window', async () => {
    const page = await newPage();
    const mini = await listenToPsalm23(page);
    expect((await box(page)).width).toBe(320);
    // Lock screen and headset controls, titled as the player is.
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('Psalm 23 (KJV)');
    await expect.poll(async () => (await audioState(page, 'chapter-audio')).time, { timeout: 10_000 }).toBeGreaterThan(1);

    // Dragged to the top-left corner and past it, it stops at the edge; the same at the bottom right.
    const handle = mini.getByRole('button', { name: 'Move the player (arrow keys)' });
    const h = (await handle.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(-200, -200, { steps: 5 });
    await page.mouse.up();
    expect(await box(page)).toMatchObject({ x: 8, y: 8 });
    const g = (await handle.boundingBox())!;
    await page.mouse.move(g.x + g.width / 2, g.y + g.height / 2);
    await page.mouse.down();
    await page.mouse.move(5000, 5000, { steps: 5 });
    await page.mouse.up();
    let b = await box(page);
    expect(b.x + b.width).toBe(1280 - 8);
    expect(b.y + b.height).toBe(800 - 8);
    // With the keyboard, and after the window shrinks.
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    expect((await box(page)).x).toBe(b.x - 16);
    await page.setViewportSize({ width: 600, height: 500 });
    await expect.poll(async () => (await box(page)).x + (await box(page)).width).toBeLessThanOrEqual(600 - 8);
    b = await box(page);
    expect(b.y + b.height).toBeLessThanOrEqual(500 - 8);
    // It plays on while the person goes elsewhere in the app.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'My Notes' }).first().click();
    await page.waitForURL(/\/notes/);
    expect((await audioState(page, 'chapter-audio')).paused).toBe(false);
    await expect(mini.isVisible()).resolves.toBe(true);
  });

  it('follows Escape and close as the spec says, and downloads the file', async () => {
    const page = await newPage();
    const mini = await listenToPsalm23(page);
    const player = page.getByRole('dialog', { name: 'Psalm 23 (KJV)' });
    // Paused, the dialog stays open when expanded.
    await mini.getByRole('button', { name: 'Pause Psalm 23 (KJV)' }).click();
    await mini.getByRole('button', { name: 'Expand player' }).click();
    await player.waitFor();
    const download = page.waitForEvent('download');
    await player.getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('Psalm 23 (KJV).mp3');
    await player.getByLabel('Playback speed').selectOption('1.5');
    await player.getByRole('button', { name: 'Play Psalm 23 (KJV)' }).click();
    await mini.waitFor();
    expect((await audioState(page, 'chapter-audio')).rate).toBe(1.5);
    // Expanded while playing, Escape minimizes again (after the 300 ms, it would anyway: so pause first to tell).
    await mini.getByRole('button', { name: 'Expand player' }).click();
    await player.waitFor();
    await page.keyboard.press('Escape');
    await mini.waitFor();
    await expect.poll(() => player.count()).toBe(0);
    expect((await audioState(page, 'chapter-audio')).paused).toBe(false);
    // Paused in the dialog, Escape closes and resets.
    await mini.getByRole('button', { name: 'Pause Psalm 23 (KJV)' }).click();
    await mini.getByRole('button', { name: 'Expand player' }).click();
    await player.waitFor();
    await player.getByRole('button', { name: 'Forward 15 seconds' }).click();
    await expect.poll(() => player.getByLabel('Elapsed').textContent()).toMatch(/^0:[1-5]\d$/);
    // Closing past 0 minimizes instead of clearing.
    await player.getByRole('button', { name: 'Close player' }).click();
    await mini.waitFor();
    // In the mini-player, Escape closes and resets.
    await mini.getByRole('button', { name: 'Expand player' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => mini.count()).toBe(0);
    await expect.poll(() => page.getByTestId('chapter-audio').count()).toBe(0);

    // Paused back at 0 in the dialog, closing clears the source.
    await page.getByRole('button', { name: 'Listen to Psalm 23 (KJV)' }).first().click();
    await mini.waitFor();
    await mini.getByRole('button', { name: 'Pause Psalm 23 (KJV)' }).click();
    await mini.getByRole('button', { name: 'Expand player' }).click();
    await player.getByRole('button', { name: 'Back 15 seconds' }).click();
    await expect.poll(() => player.getByLabel('Elapsed').textContent()).toBe('0:00');
    await player.getByRole('button', { name: 'Close player' }).click();
    await expect.poll(() => page.getByTestId('chapter-audio').count()).toBe(0);
  });

  it('marks the verse being read, and a verse tapped while playing is where the reading goes on', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/bible?book=Psalms&chapter=23&translation=KJV');
    // On phones Listen is in the floating bar.
    await page.getByRole('navigation', { name: 'Chapter navigation' }).getByRole('button', { name: 'Listen to Psalm 23 (KJV)' }).click();
    const mini = page.getByTestId('mini-player');
    await mini.waitFor({ timeout: 60_000 });
    await mini.getByRole('button', { name: 'Expand player' }).click();
    const player = page.getByRole('dialog', { name: 'Psalm 23 (KJV)' });
    await player.getByLabel('Playback speed').selectOption('2');
    await mini.waitFor();
    const reading = () => page.locator('[data-reading]').getAttribute('data-verse', { timeout: 15_000 });
    await expect.poll(reading, { timeout: 15_000 }).toBe('1');
    await page.locator('#v4').click();
    await expect.poll(reading).toBe('4');
    expect(await page.getByTestId('verse-menu').count()).toBe(0); // the tap moved the reading, it opened no menu
    await expect.poll(reading, { timeout: 20_000 }).toBe('5');
    // Paused, nothing is marked, and a tap opens the verse menu again.
    await page.getByTestId('mini-player').getByRole('button', { name: 'Pause Psalm 23 (KJV)' }).click();
    await expect.poll(() => page.locator('[data-reading]').count()).toBe(0);
    await page.locator('#v2').click();
    await page.getByTestId('verse-menu').waitFor();
  });
});

describe('When audio cannot be made', () => {
  it('says why in a toast and leaves the player closed (a licensed text may only be shown)', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=3&translation=NIV');
    await page.getByRole('button', { name: 'Listen to John 3 (NIV)' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Audio is not available for NIV' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Error');
    expect(await page.getByTestId('chapter-audio').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Listen to John 3 (NIV)' }).isEnabled()).toBe(true);
  });

  it('says so when the file cannot be played', async () => {
    // Psalm 117 is made, then its file is spoiled on the server's disk (no other test reads it).
    const first = await newPage();
    await first.goto('/bible?book=Psalms&chapter=117&translation=KJV');
    await first.getByRole('button', { name: 'Listen to Psalm 117 (KJV)' }).click();
    await first.getByTestId('chapter-audio').waitFor({ state: 'attached', timeout: 60_000 });
    const src = new URL((await audioState(first, 'chapter-audio')).src).pathname;
    writeFileSync(join(site().mediaDir, src.slice('/media/'.length)), 'this is not an MP3 file');

    const page = await newPage();
    await page.goto('/bible?book=Psalms&chapter=117&translation=KJV');
    await page.getByRole('button', { name: 'Listen to Psalm 117 (KJV)' }).click();
    const player = page.getByRole('dialog', { name: 'Psalm 117 (KJV)' });
    await player.getByRole('alert').filter({ hasText: 'Audio not available' }).waitFor();
    expect(await player.getByRole('alert').textContent()).toContain('Please try again later or contact support if the issue persists.');
    await page.getByRole('status').filter({ hasText: 'There was an error playing the audio file.' }).waitFor();
    expect(await player.getByRole('button', { name: 'Play Psalm 117 (KJV)' }).count()).toBe(0);
  });
});

describe('Listening to a verse', () => {
  it('shows a loading dialog, then a player that plays by itself; closing it clears it', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=11&translation=KJV');
    await page.locator('#v35').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Listen' }).click();
    const dialog = page.getByRole('dialog', { name: 'John 11:35 (KJV)' });
    await dialog.waitFor();
    await dialog.getByTestId('verse-audio').waitFor({ state: 'attached', timeout: 30_000 });
    await expect.poll(async () => (await audioState(page, 'verse-audio')).time, { timeout: 10_000 }).toBeGreaterThan(0.2);
    expect((await audioState(page, 'verse-audio')).src).toMatch(/\/media\/audio\/kjv-john-11-35-11-35-[0-9a-f]{20}\.mp3$/);
    await dialog.getByRole('button', { name: 'Close verse audio' }).click();
    await expect.poll(() => page.getByTestId('verse-audio').count()).toBe(0);
    // No chapter player was involved.
    expect(await page.getByTestId('mini-player').count()).toBe(0);
  });
});
