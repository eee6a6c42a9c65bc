import { describe, expect, it } from 'vitest';
import type { TranslationGroup } from '#common/contracts/bible.ts';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './fixtures.ts';

// /about (issue 17): every translation offered here with its licence line, rendered on the server so
// the terms are in the page a reader (or a crawler) gets, and how AI answers are checked and how to host.
const { page: newPage, baseUrl } = useBrowser();

/** Text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** Every translation offered here, as the page names it (in bold) and the rest of its line. */
async function offered(): Promise<{ code: string; source: string; named: string; rest: string }[]> {
  const res = await fetch(`${baseUrl}/api/bible/translations/grouped`);
  expect(res.status).toBe(200);
  return ((await res.json()) as TranslationGroup[]).flatMap((group) =>
    group.translations.map((t) => ({ code: t.code, source: t.source, named: `${t.name} (${t.code})`, rest: `, ${group.languageName}: ${t.licence}` })),
  );
}

describe('/about', () => {
  it('lists each translation with its licence line in the page the server sends', async () => {
    const translations = await offered();
    // The stored ones (KJV and WEB at least), and the licensed catalogue's stand-in.
    expect(translations.filter((t) => t.source === 'local').map((t) => t.code)).toEqual(expect.arrayContaining(['KJV', 'WEB']));
    const res = await fetch(`${baseUrl}/about`);
    expect(res.status).toBe(200);
    // React marks where text pieces join with empty comments; the reader sees one line.
    const page = (await res.text()).replaceAll('<!-- -->', '');
    for (const t of translations) expect(page, t.code).toContain(`<li><strong>${html(t.named)}</strong>${html(t.rest)}</li>`);
  });

  for (const [device, width, height, colorScheme] of [
    ['phone', 390, 844, 'dark'],
    ['desktop', 1280, 800, 'light'],
  ] as const) {
    it(`reads as a page with every licence, how AI answers are checked and how to host it (${device}, ${colorScheme}), and passes axe`, async () => {
      const translations = await offered();
      const page = await newPage({ width, height, colorScheme });
      await page.goto('/about');
      await page.getByRole('heading', { level: 1, name: 'About Selah' }).waitFor();
      const list = page.getByRole('heading', { level: 2, name: 'The texts and their licences' }).locator('xpath=following-sibling::ul[1]');
      expect(await list.getByRole('listitem').allTextContents()).toEqual(translations.map((t) => t.named + t.rest));

      const section = (heading: string) => page.getByRole('heading', { level: 2, name: heading }).locator('xpath=following-sibling::p[1]');
      expect(await section('How AI answers are checked').textContent()).toContain('Every Scripture reference in an answer is then checked against the texts');
      expect(await section('How to host it').textContent()).toContain('runs on one machine with Node.js');

      const found = await seriousViolations(page);
      expect(found, JSON.stringify(found)).toEqual([]);
    });
  }
});
