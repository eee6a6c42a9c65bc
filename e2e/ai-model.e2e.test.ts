import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelListEntry, standInModelFile, startModelFileServer } from '../server/test/model-file-server.ts';
import { startOpenAiServer } from '../server/test/openai-server.ts';
import { seedDatabase, ownServerEnv, startAppProcess } from './app-process.ts';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './fixtures.ts';
import { SEEDED_ADMIN } from './seeded-accounts.ts';
import { signInAs } from './session.ts';
import { smallTargets } from './touch-targets.ts';

// Issue 31 §2: an admin downloads a small model and chooses which engine answers, in the panel "AI
// model", against the real server (its own: the models list and mirror are set when a site starts), a
// stand-in model host and a stand-in Ollama on loopback.
const { page: newPage } = useBrowser();

const FILE = standInModelFile();
const SERVER = { timeout: 30_000 };

let root: string;
let host: Awaited<ReturnType<typeof startModelFileServer>>;
let ollama: Awaited<ReturnType<typeof startOpenAiServer>>;
let app: Awaited<ReturnType<typeof startAppProcess>>;

async function openPanel(options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  const page = await signInAs(await newPage({ width: 1280, height: 900, ...options, baseUrl: app.baseUrl }), SEEDED_ADMIN, app.baseUrl);
  await page.goto('/admin?section=ai-model');
  await page.getByRole('heading', { level: 2, name: 'AI model' }).waitFor();
  return page;
}

describe('the admin panel AI model', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'selah-e2e-ai-model-'));
    host = await startModelFileServer(FILE);
    ollama = await startOpenAiServer(() => ({ text: 'Rest in him (Psalm 37:7).' }), { models: ['qwen2.5:0.5b'] });
    const model = (name: string, file: string, path: string) => modelListEntry(FILE, name, file, path);
    writeFileSync(
      join(root, 'models.json'),
      JSON.stringify([model('Tiny Instruct', 'tiny.gguf', 'ok/tiny.gguf'), model('Held Instruct', 'held.gguf', 'stall/held.gguf')]),
    );
    const env = ownServerEnv(root, {
      AI_MODEL_LIST: join(root, 'models.json'),
      AI_MODEL_MIRROR: host.url,
      AI_DISCOVER_PORTS: new URL(ollama.url).port,
    });
    seedDatabase(env);
    app = await startAppProcess(env);
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
    await host?.stop();
    await ollama?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('shows a download’s progress in bytes, cancels it, downloads a model and chooses it', async () => {
    const page = await openPanel();
    await expect.poll(() => page.getByTestId('ai-engine').textContent()).toBe('Selah’s embedded Scripture engine (no model)');
    const curated = page.getByRole('region', { name: 'Models to download' });
    expect(await curated.getByRole('listitem').first().textContent()).toContain('Size3.1 MBLicenceApache-2.0Memoryabout 900 MBSpeedabout 9 words a second');

    // The held file sends 64 KiB and no more: the progress stands at a known point.
    await curated.getByRole('button', { name: 'Download Held Instruct, 3.1 MB' }).click();
    const bar = page.getByRole('progressbar', { name: 'Downloading Held Instruct' });
    await expect.poll(() => bar.getAttribute('aria-valuetext'), SERVER).toBe('2%, 0.1 MB of 3.1 MB');
    expect(await page.getByTestId('ai-download-bytes').textContent()).toBe('2% · 0.1 MB of 3.1 MB');
    // One download at a time: the others wait.
    expect(await curated.getByRole('button', { name: /^Download Tiny Instruct/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel the download of Held Instruct' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Download' }).getByRole('status').textContent(), SERVER)
      .toBe('The download of Held Instruct was cancelled.');

    await curated.getByRole('button', { name: 'Download Tiny Instruct, 3.1 MB' }).click();
    const downloaded = page.getByRole('region', { name: 'Downloaded models' });
    await downloaded.getByRole('button', { name: 'Use this model: Tiny Instruct' }).waitFor(SERVER);
    expect(await downloaded.textContent()).toContain('tiny.gguf · 3.1 MB');
    await downloaded.getByRole('button', { name: 'Use this model: Tiny Instruct' }).click();
    await expect.poll(() => page.getByTestId('ai-engine').textContent(), SERVER).toBe('Tiny Instruct, run by this server');
    expect(await downloaded.getByText('In use').count()).toBe(1);

    // The stand-in Ollama on this machine, and its model.
    const servers = page.getByRole('region', { name: 'Model servers on this machine' });
    await servers.getByRole('button', { name: 'Use qwen2.5:0.5b from OpenAI-compatible server' }).click();
    await expect
      .poll(() => page.getByTestId('ai-engine').textContent(), SERVER)
      .toBe(`qwen2.5:0.5b on a model server of this machine (http://127.0.0.1:${new URL(ollama.url).port}/v1)`);
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);

  it('is usable on a phone, light and dark: 44 px targets, no serious accessibility findings', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openPanel({ width: 390, colorScheme });
      await page.getByRole('region', { name: 'Models to download' }).getByRole('listitem').first().waitFor();
      expect(await smallTargets(page, 'main')).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      if (process.env.SCREENSHOTS_DIR) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: join(process.env.SCREENSHOTS_DIR, `ai-model-${width}-${colorScheme}.png`), fullPage: true });
        }
      }
    }
  }, 120_000);
});
