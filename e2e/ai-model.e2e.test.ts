import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelListEntry, startModelFileServer } from '../server/test/model-file-server.ts';
import { startOpenAiServer } from '../server/test/openai-server.ts';
import { writeTinyModel } from '../server/test/tiny-gguf.ts';
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

/**
 * Waits for the toast that says the engine changed, and dismisses it. Left up, it covers the panel's last
 * buttons (bottom right), and Radix holds a toast open while a pointer moves over it: the next click, whose
 * pointer waits on that spot for the toast to go, would wait for ever.
 */
async function engineChosen(page: Page, label: string): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: 'Engine chosen' }).filter({ hasText: label });
  await toast.getByRole('button', { name: 'Dismiss notification' }).click(SERVER);
  await toast.waitFor({ state: 'detached', ...SERVER });
  await expect.poll(() => page.getByTestId('ai-engine').textContent(), SERVER).toBe(label);
}

describe('the admin panel AI model', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'selah-e2e-ai-model-'));
    // A real model llama.cpp loads (random weights, 2.9 MB), so a chosen model answers in the browser.
    const FILE = readFileSync(writeTinyModel(join(root, 'tiny-source.gguf'), { embedding: 128, feedForward: 256, layers: 4 }));
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
      // Short replies: the random-weights model writes gibberish, and the tests need only that it writes.
      AI_MODEL_MAX_TOKENS: '48',
      AI_MODEL_THREADS: '1',
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
    expect(await curated.getByRole('listitem').first().textContent()).toContain('Size2.9 MBLicenceApache-2.0Memoryabout 900 MBSpeedabout 9 words a second');

    // The held file sends 64 KiB and no more: the progress stands at a known point.
    await curated.getByRole('button', { name: 'Download Held Instruct, 2.9 MB' }).click();
    const bar = page.getByRole('progressbar', { name: 'Downloading Held Instruct' });
    await expect.poll(() => bar.getAttribute('aria-valuetext'), SERVER).toBe('2%, 0.1 MB of 2.9 MB');
    expect(await page.getByTestId('ai-download-bytes').textContent()).toBe('2% · 0.1 MB of 2.9 MB');
    // One download at a time: the others wait.
    expect(await curated.getByRole('button', { name: /^Download Tiny Instruct/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel the download of Held Instruct' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Download' }).getByRole('status').textContent(), SERVER)
      .toBe('The download of Held Instruct was cancelled.');

    await curated.getByRole('button', { name: 'Download Tiny Instruct, 2.9 MB' }).click();
    const downloaded = page.getByRole('region', { name: 'Downloaded models' });
    await downloaded.getByRole('button', { name: 'Use this model: Tiny Instruct' }).waitFor(SERVER);
    expect(await downloaded.textContent()).toContain('tiny.gguf · 2.9 MB');
    await downloaded.getByRole('button', { name: 'Use this model: Tiny Instruct' }).click();
    await engineChosen(page, 'Tiny Instruct, run by this server');
    expect(await downloaded.getByText('In use').count()).toBe(1);

    // The stand-in Ollama on this machine, and its model.
    const servers = page.getByRole('region', { name: 'Model servers on this machine' });
    await servers.getByRole('button', { name: 'Use qwen2.5:0.5b from OpenAI-compatible server' }).click();
    await engineChosen(page, `qwen2.5:0.5b on a model server of this machine (http://127.0.0.1:${new URL(ollama.url).port}/v1)`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('tells a reader whose question waits for the model their place in line, then answers it with the model', async () => {
    const panel = await openPanel();
    await panel.getByRole('region', { name: 'Downloaded models' }).getByRole('button', { name: 'Use this model: Tiny Instruct' }).click();
    await engineChosen(panel, 'Tiny Instruct, run by this server');

    // Three readers ask at the same moment; the model answers one at a time, so the others wait in line.
    // Each page writes down every status it showed, however briefly, so a short wait is not missed.
    const readers = await Promise.all(
      [1, 2, 3].map(async () => {
        const page = await newPage({ baseUrl: app.baseUrl });
        await page.goto('/chat');
        await page.evaluate(() => {
          const shown: string[] = [];
          (window as unknown as { shownStatuses: string[] }).shownStatuses = shown;
          new MutationObserver(() => {
            for (const status of document.querySelectorAll('[role="status"]')) {
              const text = status.textContent?.trim() ?? '';
              if (text && shown.at(-1) !== text) shown.push(text);
            }
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        });
        await page.getByRole('textbox', { name: 'Ask a question' }).fill('What does John 3:16 mean?');
        return page;
      }),
    );
    await Promise.all(readers.map((page) => page.getByRole('textbox', { name: 'Ask a question' }).press('Enter')));
    for (const page of readers) {
      const answer = page.getByRole('article', { name: 'Answer' });
      await answer.waitFor({ timeout: 60_000 });
      expect(await answer.locator('.answer-sources').textContent()).toMatch(/^Written by Tiny Instruct, the AI model on this server, from /);
    }
    const shown = await Promise.all(readers.map((page) => page.evaluate(() => (window as unknown as { shownStatuses: string[] }).shownStatuses)));
    const waited = shown.filter((statuses) => statuses.some((s) => /^You are (next|2nd) in line for the AI model…$/.test(s)));
    expect(waited.length).toBeGreaterThanOrEqual(1);
    // The one who was second in line was told when they moved up.
    for (const statuses of shown.filter((all) => all.includes('You are 2nd in line for the AI model…'))) {
      expect(statuses.indexOf('You are next in line for the AI model…')).toBeGreaterThan(statuses.indexOf('You are 2nd in line for the AI model…'));
    }
  }, 180_000);

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
  });
});
