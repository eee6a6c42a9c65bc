import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { smallTargets } from './touch-targets.ts';
import { useBrowser } from './fixtures.ts';

// Issue 13 §6: measured, not looked at. Sizes are those of the reading face (Literata), which the app
// ships; each measuring test first checks that the face is the one on screen.
const { page: newPage } = useBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Opens a chapter with the reading face in the browser's cache, as on every page after the first. */
async function openWithFace(page: Page, path: string, firstVerse = '#v1') {
  await page.goto(path);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('readingFace')), { timeout: 10_000 }).toBe('1');
  await page.reload();
  await expect.poll(() => page.locator(firstVerse).count()).toBe(1);
  await page.waitForSelector('html[data-hydrated]');
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `${firstVerse} span` });
  await cdp.send('CSS.enable');
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  expect(fonts.map((f) => f.familyName)).toContain('Literata');
}

/** The median count of characters on a full line of the chapter's prose (a paragraph's last line is not full). */
function charactersPerLine(page: Page): Promise<number> {
  return page.evaluate(() => {
    const counts: number[] = [];
    for (const p of document.querySelectorAll('article p:has([data-verse])')) {
      const lines = new Map<number, number>();
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        if (n.parentElement!.closest('sup, [data-footnote]')) continue;
        for (let i = 0; i < n.length; i++) {
          const range = document.createRange();
          range.setStart(n, i);
          range.setEnd(n, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          const key = Math.round(rect.top / 4);
          lines.set(key, (lines.get(key) ?? 0) + 1);
        }
      }
      counts.push(...[...lines.values()].slice(0, -1));
    }
    counts.sort((a, b) => a - b);
    return counts[Math.floor(counts.length / 2)]!;
  });
}

async function chooseSize(page: Page, name: string) {
  await page.getByRole('button', { name: 'Display settings' }).click();
  await page.getByRole('radio', { name }).click();
  await page.keyboard.press('Escape');
}

/**
 * Where each poetry line's text starts on its first line, where its wrapped lines start (if it wraps),
 * and where its verse number ends, in px from the left of the page.
 */
function poetryEdges(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.poetry-line')].map((line) => {
      const chars: DOMRect[] = [];
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        if (n.parentElement!.closest('sup, [data-footnote]') || !n.data.trim()) continue;
        for (let i = 0; i < n.length; i++) {
          if (n.data[i] === ' ') continue;
          const range = document.createRange();
          range.setStart(n, i);
          range.setEnd(n, i + 1);
          chars.push(range.getBoundingClientRect());
        }
      }
      const top = chars[0]!.top;
      const wrapped = chars.filter((r) => r.top > top + 4);
      return {
        level: Number(line.dataset.level),
        first: Math.round(chars[0]!.left),
        wrapped: wrapped.length ? Math.round(Math.min(...wrapped.map((r) => r.left))) : undefined,
        numberEnd: line.querySelector('.verse-gutter sup') ? Math.round(line.querySelector('.verse-gutter sup')!.getBoundingClientRect().right) : undefined,
      };
    }),
  );
}

describe('reading comfort', () => {
  it('paints the first page in the system serif, fetches the reading face afterwards, and uses it from the next page', async () => {
    const page = await newPage(PHONE);
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    const face = () => page.evaluate(() => getComputedStyle(document.querySelector('#v1')!).fontFamily.split(',')[0]!.trim());
    expect(await face()).not.toBe('Literata');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('readingFace')), { timeout: 10_000 }).toBe('1');
    // The page being read keeps its face; the next one, opened in the app, takes the reading face.
    expect(await face()).not.toBe('Literata');
    await page.getByRole('navigation', { name: 'Chapter navigation' }).getByRole('link', { name: 'Next' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('John 4, KJV');
    await expect.poll(face).toBe('Literata');
    // And a page loaded afresh has it from its first paint.
    await page.reload();
    expect(await face()).toBe('Literata');
  });

  it('sets 40–45 characters a line on a phone by default, and 65–75 on desktop at every size', async () => {
    const phone = await newPage(PHONE);
    await openWithFace(phone, '/bible?book=John&chapter=3&translation=KJV');
    const phoneDefault = await charactersPerLine(phone);
    expect(phoneDefault).toBeGreaterThanOrEqual(40);
    expect(phoneDefault).toBeLessThanOrEqual(45);
    // A phone's width is fixed: its other sizes stay close to the same measure.
    for (const size of ['Medium', 'Small']) {
      await chooseSize(phone, size);
      const cpl = await charactersPerLine(phone);
      expect(cpl, size).toBeGreaterThan(phoneDefault);
      expect(cpl, size).toBeLessThanOrEqual(50);
    }

    const desktop = await newPage(DESKTOP);
    await openWithFace(desktop, '/bible?book=John&chapter=3&translation=KJV');
    for (const size of ['Large', 'Medium', 'Small']) {
      await chooseSize(desktop, size);
      const cpl = await charactersPerLine(desktop);
      expect(cpl, size).toBeGreaterThanOrEqual(65);
      expect(cpl, size).toBeLessThanOrEqual(75);
    }
  });

  it('offers compact, normal and relaxed line spacing, about 1.6 by default, kept in the browser', async () => {
    const page = await newPage(PHONE);
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await page.waitForSelector('html[data-hydrated]');
    const ratio = () =>
      page
        .locator('article p:has([data-verse])')
        .first()
        .evaluate((p) => parseFloat(getComputedStyle(p).lineHeight) / parseFloat(getComputedStyle(p).fontSize));
    expect(await ratio()).toBeCloseTo(1.6, 2);
    await page.getByRole('button', { name: 'Display settings' }).click();
    await page.getByRole('radio', { name: 'Relaxed' }).click();
    await expect.poll(ratio).toBeCloseTo(1.85, 2);
    await page.getByRole('radio', { name: 'Compact' }).click();
    await expect.poll(ratio).toBeCloseTo(1.45, 2);
    await page.reload();
    await page.waitForSelector('html[data-hydrated]');
    await expect.poll(ratio).toBeCloseTo(1.45, 2);
  });

  it('softens dark-mode text for a long read (10:1 to 15:1) and keeps numbers, highlights and red letters AA', async () => {
    const page = await newPage({ ...PHONE, colorScheme: 'dark' });
    await page.goto('/bible?book=John&chapter=3&translation=NIV');
    await page.waitForSelector('html[data-hydrated]');
    await expect.poll(() => page.locator('#v16').count()).toBe(1);
    const ratios = await page.evaluate(() => {
      // Paint each background over the page's on a canvas (highlights are translucent), read the pixels back.
      const ctx = document.createElement('canvas').getContext('2d')!;
      const paint = (...colours: string[]) => {
        ctx.clearRect(0, 0, 1, 1);
        for (const c of colours) {
          ctx.fillStyle = c;
          ctx.fillRect(0, 0, 1, 1);
        }
        return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const lum = ([r, g, b]: number[]) => {
        const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
      };
      const contrast = (a: number[], b: number[]) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
      const page = getComputedStyle(document.documentElement).backgroundColor;
      const verse = document.querySelector<HTMLElement>('#v16')!;
      const result: Record<string, number> = {
        text: contrast(paint(page, getComputedStyle(verse).color), paint(page)),
        'verse number': contrast(paint(page, getComputedStyle(verse.querySelector('sup')!).color), paint(page)),
      };
      // The same classes the reader gives a highlighted verse and the words of Jesus.
      for (const [name, className] of [
        ['yellow', 'bg-yellow-200 dark:bg-yellow-900/60'],
        ['green', 'bg-green-200 dark:bg-green-900/60'],
        ['blue', 'bg-sky-200 dark:bg-sky-900/60'],
        ['pink', 'bg-pink-200 dark:bg-pink-900/60'],
        ['red letters', 'text-red-700 dark:text-red-400'],
      ] as const) {
        const probe = document.createElement('span');
        probe.className = className;
        probe.textContent = 'x';
        verse.append(probe);
        const style = getComputedStyle(probe);
        result[name] = contrast(paint(page, style.color), paint(page, style.backgroundColor));
        probe.remove();
      }
      return result;
    });
    // Near-white on near-black (about 18:1) glares; still far above AA.
    expect(ratios.text).toBeGreaterThan(10);
    expect(ratios.text).toBeLessThan(15);
    for (const [name, ratio] of Object.entries(ratios)) expect(ratio, name).toBeGreaterThanOrEqual(4.5);
  });

  it('says beside "Words of Jesus in red" when the text being read marks no words of Jesus', async () => {
    const page = await newPage();
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await page.waitForSelector('html[data-hydrated]');
    const note = page.getByTestId('no-red-letters');
    await page.getByRole('button', { name: 'Display settings' }).click();
    await expect.poll(() => note.textContent()).toBe('This translation does not mark the words of Jesus, so they show in the usual colour.');
    await page.keyboard.press('Escape');
    // A licensed text's marks are not known before it is read: nothing is said.
    await page.goto('/bible?book=John&chapter=3&translation=NIV');
    await page.waitForSelector('html[data-hydrated]');
    await expect.poll(() => page.locator('#v16').count()).toBe(1);
    await page.getByRole('button', { name: 'Display settings' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Relaxed' }).isVisible()).toBe(true);
    expect(await note.count()).toBe(0);
  });

  it('starts poetry lines of a level at one edge, verse numbers in a gutter, wrapped lines hanging deeper', async () => {
    const page = await newPage(PHONE);
    await openWithFace(page, '/bible?book=Psalms&chapter=23&translation=WEB');
    const lines = await poetryEdges(page);
    expect(lines.length).toBeGreaterThan(10);
    const edge = lines[0]!.first;
    for (const line of lines.filter((l) => l.level === 1)) expect(line.first).toBe(edge);
    // Every verse number ends before the text begins; some lines wrap on a phone, all deeper than the edge.
    const numbers = lines.filter((l) => l.numberEnd !== undefined);
    expect(numbers.length).toBe(6);
    for (const line of numbers) expect(line.numberEnd!).toBeLessThan(edge);
    const wrapped = lines.filter((l) => l.wrapped !== undefined);
    expect(wrapped.length).toBeGreaterThan(0);
    for (const line of wrapped) expect(line.wrapped!).toBeGreaterThan(edge + 10);

    // Second-level lines (a licensed text marks them) start one step in, and share their own edge.
    await openWithFace(page, '/bible?book=Psalms&chapter=23&translation=NIV');
    const niv = await poetryEdges(page);
    const first = niv.filter((l) => l.level === 1).map((l) => l.first);
    const second = niv.filter((l) => l.level === 2).map((l) => l.first);
    expect(new Set(first).size).toBe(1);
    expect(second.length).toBeGreaterThan(0);
    expect(new Set(second).size).toBe(1);
    expect(second[0]!).toBeGreaterThan(first[0]! + 8);
  });

  it('moves the floating bar aside while reading down, and brings it back on scrolling up, a tap and at the end', async () => {
    const page = await newPage(PHONE);
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await page.waitForSelector('html[data-hydrated]');
    const bar = page.getByRole('navigation', { name: 'Chapter navigation' });
    const onScreen = async () => (await bar.boundingBox())!.y < PHONE.height - 20;
    expect(await onScreen()).toBe(true);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 300);
    await expect.poll(onScreen).toBe(false);
    await page.mouse.wheel(0, -200);
    await expect.poll(onScreen).toBe(true);
    await page.mouse.wheel(0, 300);
    await expect.poll(onScreen).toBe(false);
    // A tap on the text asks for the controls.
    const verseInView = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-verse][role=button]')].find((v) => {
          const box = v.getBoundingClientRect();
          return box.top > 100 && box.bottom < innerHeight - 100;
        })!.id,
    );
    await page.locator(`#${verseInView}`).click();
    await expect.poll(() => page.getByTestId('verse-menu').count()).toBe(1);
    await expect.poll(onScreen).toBe(true);
    await page.keyboard.press('Escape');
    await page.mouse.wheel(0, 300);
    await expect.poll(onScreen).toBe(false);
    // Keyboard focus brings it back wherever the page is.
    await bar.getByRole('button', { name: 'Study Chapter' }).focus();
    await expect.poll(onScreen).toBe(true);
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(onScreen).toBe(true);
  });

  it('gives every control on the reader, the verse menu and each dialog a 44 px target on a phone', async () => {
    const page = await newPage(PHONE);
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await page.waitForSelector('html[data-hydrated]');
    const tooSmall = (scope: string) => smallTargets(page, scope);
    expect(await tooSmall('body'), 'reader').toEqual([]);
    const overlays: [string, () => Promise<void>][] = [
      ['verse menu', () => page.locator('#v16').click()],
      ['display settings', () => page.getByRole('button', { name: 'Display settings' }).click()],
      ['book picker', () => page.getByRole('button', { name: /^Book: / }).click()],
      ['chapter picker', () => page.getByRole('button', { name: /^Chapter / }).click()],
      ['translation picker', () => page.getByRole('button', { name: /^Translation: / }).click()],
      ['drawer', () => page.getByRole('button', { name: 'Open menu' }).click()],
      [
        'compare',
        async () => {
          await page.locator('#v16').click();
          await page.getByRole('button', { name: 'Compare' }).click();
        },
      ],
      [
        'study panel',
        async () => {
          await page.locator('#v16').click();
          await page.getByRole('button', { name: 'Study', exact: true }).click();
        },
      ],
      [
        'verse audio',
        async () => {
          await page.locator('#v16').click();
          await page.getByTestId('verse-menu').getByRole('button', { name: 'Listen' }).click();
          await page.getByTestId('verse-audio').waitFor({ state: 'attached', timeout: 30_000 });
        },
      ],
      [
        'verse visualization gallery',
        async () => {
          await page.locator('#v16').click();
          await page.getByTestId('verse-menu').getByRole('button', { name: 'Visualize' }).click();
          await page.getByRole('dialog', { name: 'Visualize John 3:16' }).waitFor();
        },
      ],
      [
        'share verse',
        async () => {
          await page.locator('#v16').click();
          await page.getByTestId('verse-menu').getByRole('button', { name: 'Share' }).click();
          await page.getByRole('dialog', { name: 'Share John 3:16' }).waitFor();
        },
      ],
      [
        'chapter illustrations',
        async () => {
          await page.getByRole('button', { name: 'Visualize John 3' }).click();
          await page.getByRole('dialog', { name: 'Chapter Illustrations - John 3' }).waitFor();
        },
      ],
      [
        'audio player',
        async () => {
          // Listen plays by itself and the player gives way to the mini-player: paused, it opens again.
          await page.getByRole('button', { name: 'Listen to John 3 (KJV)' }).click();
          const mini = page.getByTestId('mini-player');
          await mini.getByRole('button', { name: 'Pause John 3 (KJV)' }).click({ timeout: 60_000 });
          await mini.getByRole('button', { name: 'Expand player' }).click();
          await page.getByRole('button', { name: 'Play John 3 (KJV)' }).waitFor();
        },
      ],
    ];
    for (const [name, open] of overlays) {
      await open();
      const overlay = page.locator('[role=dialog]').last();
      await overlay.waitFor();
      // Wait for what the overlay loads (lists, texts) before measuring.
      await page.waitForLoadState('networkidle');
      expect(await tooSmall('body'), name).toEqual([]);
      // Compare's chips scroll sideways in one row on a phone: the row keeps its full height, nothing cut off.
      if (name === 'compare') {
        const row = page.getByRole('group', { name: 'Translations to compare' });
        expect(await row.evaluate((f) => f.scrollHeight - f.clientHeight)).toBe(0);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('[role=dialog]').count(), { message: name }).toBe(0);
    }
    // The mini-player, while the chapter plays.
    await page.getByRole('button', { name: 'Listen to John 3 (KJV)' }).click();
    await page.getByTestId('mini-player').waitFor();
    expect(await tooSmall('[data-testid=mini-player]'), 'mini-player').toEqual([]);
  });
});
