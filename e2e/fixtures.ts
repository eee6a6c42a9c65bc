import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser.ts';

let addresses = 0;

/**
 * A client address of its own (sent as X-Forwarded-For; the test server trusts it as a proxy's), so
 * sign-ups and sign-ins in one test never count against another's per-address limits.
 */
export function clientAddress(): string {
  addresses += 1;
  return `10.${process.pid % 250}.${(addresses >> 8) % 250}.${addresses & 255}`;
}

/** One Chromium per test file; each test gets a fresh context (empty storage, own address) and page. */
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
      const context = await browser.newContext({ viewport: { width, height }, colorScheme, baseURL: inject('baseUrl'), permissions: ['clipboard-read', 'clipboard-write'], extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
      contexts.push(context);
      return context.newPage();
    },
  };
}
