import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { plainText } from '#common/scripture/content.ts';
import { osisToNodes } from '../server/src/scripture/osis/osis-to-nodes.ts';
import { findSwordModule } from '../server/src/scripture/sword/discover.ts';
import { ZVerseReader } from '../server/src/scripture/sword/ztext.ts';
import { installTestCrossReferences, removeTestCrossReferences, TSK_LIKE } from '../server/src/scripture/cross-references/testing-cross-references.ts';
import { useBrowser } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { smallTargets } from './touch-targets.ts';
import { site } from './site.ts';

const { page: newPage } = useBrowser();

const SYSTEM = '/usr/share/sword';
// The server's library root: where an admin's install from the Library unpacks (scripture/library/library-root.ts).
const libraryRoot = join(dirname(site().mediaDir), 'library');
// SCREENSHOTS=<folder> keeps the screenshots of both tabs, to look at them.
const screenshots = process.env.SCREENSHOTS;

const COMMENTARIES = ['mhcc', 'scofield'];

/** Matthew Henry's Concise and Scofield's notes, installed into the library as the Library panel leaves them (Debian's copies). */
function installCommentaries() {
  mkdirSync(join(libraryRoot, 'mods.d'), { recursive: true });
  for (const name of COMMENTARIES) {
    cpSync(join(SYSTEM, `mods.d/${name}.conf`), join(libraryRoot, `mods.d/${name}.conf`));
    cpSync(join(SYSTEM, `modules/comments/zcom/${name}`), join(libraryRoot, `modules/comments/zcom/${name}`), { recursive: true });
  }
}
function removeCommentaries() {
  for (const name of COMMENTARIES) {
    rmSync(join(libraryRoot, `mods.d/${name}.conf`), { force: true });
    rmSync(join(libraryRoot, `modules/comments/zcom/${name}`), { recursive: true, force: true });
  }
}
beforeAll(installCommentaries);
afterAll(removeCommentaries);

const panel = (page: Page) => page.getByRole('dialog', { name: 'Scripture Insights' });

async function openOnVerse16(page: Page) {
  await page.goto('/bible?book=John&chapter=3');
  await expect.poll(() => page.locator('#v16').isVisible()).toBe(true);
  await page.locator('#v16').click();
  await page.getByTestId('verse-menu').getByRole('button', { name: 'Quote' }).click();
  await expect.poll(() => panel(page).isVisible()).toBe(true);
  return panel(page);
}

describe.skipIf(!COMMENTARIES.every((name) => existsSync(join(SYSTEM, `mods.d/${name}.conf`))))(
  'the study panel’s Commentary and Cross references tabs',
  () => {
    it("shows Matthew Henry's comment on John 3:16 with its licence, and the cross references with their text, one of which opens in the reader", async () => {
      const page = await newPage();
      const toolRequests: string[] = [];
      page.on('request', (r) => void (r.url().includes('/api/study-tools/') && toolRequests.push(r.url())));
      const study = await openOnVerse16(page);
      // Nothing is asked for until a tool's tab is opened.
      expect(toolRequests).toEqual([]);
      expect(await study.getByRole('tab').allTextContents()).toEqual([
        'Quote',
        'Study',
        'Ask',
        'Notes',
        'Mark',
        'Commentary',
        'Cross references',
        'Dictionary',
      ]);

      // Reached from the keyboard like the other tabs: arrow keys move along the tab list.
      await study.getByRole('tab', { name: 'Mark' }).focus();
      const asked = page.waitForResponse((r) => r.url().includes('/api/study-tools/commentaries/John/3/16'));
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      expect((await asked).status()).toBe(200);
      expect(await study.getByRole('tab', { selected: true }).textContent()).toBe('Commentary');
      await expect.poll(() => study.getByTestId('commentary').count()).toBe(2);
      const commentary = study.getByTestId('commentary').first();
      expect(await commentary.getByRole('heading').textContent()).toBe("Matthew Henry's Concise Commentary on the Whole Bible");
      expect(await commentary.getByTestId('commentary-on').textContent()).toBe('From the comment on John 3:1');
      expect(await commentary.getByTestId('commentary-licence').textContent()).toBe('Public Domain');
      const entry = ZVerseReader.open(findSwordModule('MHCC', [SYSTEM])!).commentaryEntry('John', 3, 16)!;
      const direct = plainText(osisToNodes(entry.markup, { keepIntroductions: true }));
      const nicodemus = commentary.locator('p', { hasText: 'Nicodemus was afraid' });
      expect(direct).toContain(await nicodemus.textContent());

      const crossTab = study.getByRole('tab', { name: 'Cross references' });
      await crossTab.click();
      const references = study.getByTestId('cross-reference');
      await expect.poll(() => references.count()).toBeGreaterThan(5);
      const first = references.first();
      const name = (await first.getByRole('link').textContent())!;
      const m = /^(.+) (\d+):(\d+)$/.exec(name)!;
      const api = (await (await page.request.get(`/api/bible/content/${encodeURIComponent(m[1]!)}/${m[2]}?translation=KJV`)).json()) as {
        verses: { verse: number; text: string }[];
      };
      const text = api.verses.find((v) => v.verse === Number(m[3]))!.text;
      expect(await first.locator('p').textContent()).toBe(text);

      await first.getByRole('link').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('book')).toBe(m[1]);
      expect(new URL(page.url()).searchParams.get('chapter')).toBe(m[2]);
      expect(new URL(page.url()).searchParams.get('verse')).toBe(m[3]);
      await expect.poll(() => panel(page).count()).toBe(0);
      await expect.poll(() => page.locator(`#v${m[3]}`).isVisible()).toBe(true);
    });

    it('says where each cross reference is from once an installed Treasury adds its own, and drops them with it', async () => {
      installTestCrossReferences(libraryRoot, TSK_LIKE);
      try {
        const page = await newPage();
        const study = await openOnVerse16(page);
        await study.getByRole('tab', { name: 'Cross references' }).click();
        const reference = (name: string) => study.getByTestId('cross-reference').filter({ has: page.getByRole('link', { name, exact: true }) });
        await expect.poll(() => reference('Isaiah 9:6').count()).toBe(1);
        const treasury = 'The Treasury of Scripture Knowledge (test edition)';
        expect(await reference('Isaiah 9:6').getByTestId('cross-reference-sources').textContent()).toBe(`From ${treasury}`);
        expect(await reference('Romans 5:8').getByTestId('cross-reference-sources').textContent()).toBe(`From Built-in cross references and ${treasury}`);
        expect(await reference('John 1:14').getByTestId('cross-reference-sources').textContent()).toBe('From Built-in cross references');
        // A passage comes with all its verses, in the reader's translation.
        const ephesians = (await (await page.request.get('/api/bible/content/Ephesians/2?translation=KJV')).json()) as {
          verses: { verse: number; text: string }[];
        };
        const passage = ephesians.verses.filter((v) => v.verse === 4 || v.verse === 5).map((v) => v.text);
        expect(passage).toHaveLength(2);
        expect(await reference('Ephesians 2:4-5').locator('p').textContent()).toBe(passage.join(' '));
        expect(await seriousViolations(page)).toEqual([]);
        for (const [width, colorScheme] of screenshots
          ? ([
              [390, 'dark'],
              [1280, 'light'],
            ] as const)
          : []) {
          const shot = await newPage({ width, height: 844, colorScheme });
          const shown = await openOnVerse16(shot);
          await shown.getByRole('tab', { name: 'Cross references' }).click();
          await expect.poll(() => shown.getByTestId('cross-reference-sources').count()).toBeGreaterThan(0);
          await shown.getByRole('link', { name: 'Isaiah 9:6', exact: true }).scrollIntoViewIfNeeded();
          await shot.screenshot({ path: join(screenshots!, `cross-references-treasury-${width}-${colorScheme}.png`) });
        }
      } finally {
        removeTestCrossReferences(libraryRoot, TSK_LIKE.name);
      }
      const page = await newPage();
      const study = await openOnVerse16(page);
      await study.getByRole('tab', { name: 'Cross references' }).click();
      await expect.poll(() => study.getByTestId('cross-reference').count()).toBeGreaterThan(5);
      expect(await study.getByRole('link', { name: 'Isaiah 9:6', exact: true }).count()).toBe(0);
      expect(await study.getByTestId('cross-reference-sources').count()).toBe(0);
    });

    it('keeps the order the reader gives the commentaries with Move up, from the keyboard, after a reload', async () => {
      const page = await newPage();
      let study = await openOnVerse16(page);
      await study.getByRole('tab', { name: 'Commentary' }).click();
      const names = () => study.getByTestId('commentary').getByRole('heading').allTextContents();
      await expect.poll(names).toEqual(["Matthew Henry's Concise Commentary on the Whole Bible", 'Scofield Reference Notes, 1917 Edition']);
      // The first has nothing to move above.
      expect(await study.getByRole('button', { name: /^Move .* up$/ }).count()).toBe(1);
      await study.getByRole('button', { name: 'Move Scofield Reference Notes, 1917 Edition up' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(names).toEqual(['Scofield Reference Notes, 1917 Edition', "Matthew Henry's Concise Commentary on the Whole Bible"]);
      expect(await study.getByTestId('commentary').first().getByTestId('commentary-on').textContent()).toBe('On John 3:16');
      // Focus stays with the moved commentary, and a screen reader hears where it went.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Scofield Reference Notes, 1917 Edition');
      expect(await study.getByRole('status').allTextContents()).toContain('Scofield Reference Notes, 1917 Edition moved to place 1 of 2.');
      expect(await page.evaluate(() => localStorage.getItem('commentaryOrder'))).toBe('["Scofield","MHCC"]');

      await page.reload();
      study = await openOnVerse16(page);
      await study.getByRole('tab', { name: 'Commentary' }).click();
      await expect.poll(names).toEqual(['Scofield Reference Notes, 1917 Edition', "Matthew Henry's Concise Commentary on the Whole Bible"]);
    });

    it('says no commentary is installed once the admin removed them, without a restart', async () => {
      removeCommentaries();
      const page = await newPage({ width: 390, height: 844 });
      const study = await openOnVerse16(page);
      await study.getByRole('tab', { name: 'Commentary' }).click();
      await expect
        .poll(() => study.getByTestId('commentary-empty').textContent())
        .toBe('No commentary is installed. An administrator can add one from the Library.');
      if (screenshots) await page.screenshot({ path: join(screenshots, 'commentary-none-390.png') });
      installCommentaries();
    });

    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        it(`reads well at ${width} px, ${colorScheme}: no serious accessibility finding, and 44 px targets on a phone`, async () => {
          const page = await newPage({ width, height, colorScheme });
          const study = await openOnVerse16(page);
          for (const tab of ['Commentary', 'Cross references']) {
            await study.getByRole('tab', { name: tab }).click();
            await expect.poll(() => study.getByTestId(tab === 'Commentary' ? 'commentary' : 'cross-reference').count()).toBeGreaterThan(0);
            expect(await seriousViolations(page)).toEqual([]);
            if (width < 640) expect(await smallTargets(page, '[data-testid="study-panel"]')).toEqual([]);
            if (screenshots) await page.screenshot({ path: join(screenshots, `${tab.replace(' ', '-').toLowerCase()}-${width}-${colorScheme}.png`) });
          }
        });
      }
    }
  },
);
