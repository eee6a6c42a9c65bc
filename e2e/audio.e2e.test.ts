import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';

// Issue 14 §6: the chapter player, the mini-player, verse audio and the verse mark, on real speech
// made by the server's embedded engine.
const { page: newPage } = useBrowser();

const audioState = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((a: HTMLAudioElement) => ({ time: a.currentTime, paused: a.paused, rate: a.playbackRate, src: a.currentSrc }));
const box = async (page: Page) => (await page.getByTestId('mini-player').boundingBox())!;

async function openPlayer(page: Page) {
  await page.goto('/bible?book=Psalms&chapter=23&translation=KJV');
  const listen = page.getByRole('button', { name: 'Listen to Psalm 23 (KJV)' });
  await listen.click();
  const player = page.getByRole('dialog', { name: 'Psalm 23 (KJV)' });
  await player.waitFor({ timeout: 60_000 });
  return player;
}

describe('Listening to a chapter', () => {
  it('opens the player, plays, minimizes once playing, and the mini-player stays inside the window', async () => {
    const page = await newPage();
    const player = await openPlayer(page);
    await expect.poll(() => player.getByLabel('Remaining').textContent()).toMatch(/^-0:[3-9]\d$/); // about 50 s
    await player.getByRole('button', { name: 'Play Psalm 23 (KJV)' }).click();
    // Spec §4: on 'playing' the dialog gives way to the mini-player after about 300 ms.
    const mini = page.getByTestId('mini-player');
    await mini.waitFor();
    await expect.poll(() => player.count()).toBe(0);
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
    const player = await openPlayer(page);
    // Closed before playing, at 0: the source is cleared.
    await player.getByRole('button', { name: 'Close player' }).click();
    await expect.poll(() => page.getByTestId('chapter-audio').count()).toBe(0);

    await page.getByRole('button', { name: 'Listen to Psalm 23 (KJV)' }).click();
    await player.waitFor();
    const download = page.waitForEvent('download');
    await player.getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('Psalm 23 (KJV).mp3');
    await player.getByLabel('Playback speed').selectOption('1.5');
    await player.getByRole('button', { name: 'Play Psalm 23 (KJV)' }).click();
    const mini = page.getByTestId('mini-player');
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
    await expect.poll(() => player.getByLabel('Elapsed').textContent()).toMatch(/^0:1[5-9]$/);
    // Closing past 0 minimizes instead of clearing.
    await player.getByRole('button', { name: 'Close player' }).click();
    await mini.waitFor();
    // In the mini-player, Escape closes and resets.
    await mini.getByRole('button', { name: 'Expand player' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => mini.count()).toBe(0);
    await expect.poll(() => page.getByTestId('chapter-audio').count()).toBe(0);
  });

  it('marks the verse being read, and a verse tapped while playing is where the reading goes on', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/bible?book=Psalms&chapter=23&translation=KJV');
    // On phones Listen is in the floating bar.
    await page.getByRole('navigation', { name: 'Chapter navigation' }).getByRole('button', { name: 'Listen to Psalm 23 (KJV)' }).click();
    const player = page.getByRole('dialog', { name: 'Psalm 23 (KJV)' });
    await player.waitFor({ timeout: 60_000 });
    await player.getByLabel('Playback speed').selectOption('2');
    await player.getByRole('button', { name: 'Play Psalm 23 (KJV)' }).click();
    await page.getByTestId('mini-player').waitFor();
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
    await first.getByRole('dialog', { name: 'Psalm 117 (KJV)' }).waitFor({ timeout: 60_000 });
    const src = new URL((await audioState(first, 'chapter-audio')).src).pathname;
    writeFileSync(join(inject('mediaDir'), src.slice('/media/'.length)), 'this is not an MP3 file');

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
