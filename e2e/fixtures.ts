import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser.ts';

/** One Chromium per test file; each test gets a fresh context (empty storage) and page. */
export function useBrowser(): { page: (options?: { width?: number; height?: number; colorScheme?: 'light' | 'dark' }) => Promise<Page>; baseUrl: string } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    baseUrl: inject('baseUrl'),
    async page({ width = 1280, height = 800, colorScheme = 'light' } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme, baseURL: inject('baseUrl'), permissions: ['clipboard-read', 'clipboard-write'] });
      contexts.push(context);
      return context.newPage();
    },
  };
}
