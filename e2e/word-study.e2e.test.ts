import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase, startAppProcess } from './app-process.ts';
import { useBrowser } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { smallTargets } from './touch-targets.ts';

// Issue 30 §3 word study, on a server of this file's own: SWORD discovery reads Debian's KJV (with
// Strong's numbers) and the Strong's Greek and Hebrew dictionaries from the system's SWORD root.
const SYSTEM = '/usr/share/sword';
const haveModules = ['engKJV2006eb', 'strongsgreek', 'strongshebrew'].every((m) => existsSync(join(SYSTEM, 'mods.d', `${m}.conf`)));
const screenshots = process.env.SCREENSHOTS;

const { page: newPage } = useBrowser();
let root: string;
let app: Awaited<ReturnType<typeof startAppProcess>>;

describe.skipIf(!haveModules)("the reader's word study (needs Debian sword-text-kjv and the Strong's dictionaries)", () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'selah-e2e-words-'));
    const env = {
      ...process.env,
      DATA_DIR: join(root, 'data'),
      SWORD_DISCOVERY: 'on',
      SWORD_PATH: SYSTEM,
      SAMPLE_CONTENT: 'off',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    };
    seedDatabase(env);
    app = await startAppProcess(env);
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  async function openJohn316(options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
    const page = await newPage({ width: options.width ?? 1280, height: 900, colorScheme: options.colorScheme, baseUrl: app.baseUrl });
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await page.locator('html[data-hydrated]').waitFor();
    await page.locator('#v16').waitFor();
    await page.locator('#v16').click();
    await page.getByTestId('verse-menu').waitFor();
    return page;
  }

  it('opens "loved" (G25) from the verse menu: the Greek word, its meaning, and the books using it, one of which opens in the reader', async () => {
    const page = await openJohn316();
    const menu = page.getByTestId('verse-menu');
    const words = menu.getByRole('group', { name: 'Word study' });
    expect(await words.getByRole('button').first().getAttribute('aria-label')).toBe('Word study: For, G1063');
    // Reached from the keyboard: focus the word and press Enter.
    const asked = page.waitForResponse((r) => r.url().includes('/api/study-tools/strongs/G25'));
    await words.getByRole('button', { name: 'Word study: loved, G25' }).focus();
    await page.keyboard.press('Enter');
    expect((await asked).status()).toBe(200);
    const study = page.getByRole('dialog', { name: '“loved” · G25' });
    await study.getByTestId('original-word').waitFor();
    expect(await study.getByTestId('original-word').textContent()).toBe('ἀγαπάω');
    expect(await study.getByText('agapáō').count()).toBe(1);
    expect(await study.getByText(/^to love \(in a social or moral sense\)/).count()).toBe(1);
    const john = study.getByRole('link', { name: /^John\s*27 verses, first 3:16$/ });
    expect(await john.count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    if (screenshots) await page.screenshot({ path: join(screenshots, 'word-study-1280-light.png') });

    await study.getByRole('link', { name: /^Matthew\s*7 verses, first 5:43$/ }).click();
    await page.waitForURL(/book=Matthew&chapter=5&verse=43/);
    expect(await page.getByRole('dialog', { name: '“loved” · G25' }).count()).toBe(0);
  });

  it('has 44 px targets on a phone, in dark mode too', async () => {
    const page = await openJohn316({ width: 390, colorScheme: 'dark' });
    expect(await smallTargets(page, '[data-testid="verse-menu"]')).toEqual([]);
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Word study: loved, G25' }).click();
    const study = page.getByTestId('word-study');
    await study.getByTestId('original-word').waitFor();
    expect(await study.getByTestId('original-word').textContent()).toBe('ἀγαπάω');
    expect(await smallTargets(page, '[data-testid="word-study"]')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    if (screenshots) await page.screenshot({ path: join(screenshots, 'word-study-390-dark.png') });
  });
});
