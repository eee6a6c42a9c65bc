import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { site } from './site.ts';

let addresses = 0;

const HYDRATION_ERROR = /hydrat|Minified React error #(418|423|425)\b/i;

/**
 * A client address of its own (sent as X-Forwarded-For; the test server trusts it as a proxy's), so
 * sign-ups and sign-ins in one test never count against another's per-address limits.
 */
export function clientAddress(): string {
  addresses += 1;
  return `10.${process.pid % 250}.${(addresses >> 8) % 250}.${addresses & 255}`;
}

/**
 * Reports each Content-Security-Policy violation of a page to the console, where the fixture collects
 * it; Chromium's own "Refused to …" messages are collected too.
 */
function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (e) =>
    console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`),
  );
}

/**
 * `goto` and `reload` return once React has taken over the page the server rendered: until then the
 * page reads, but a click on a button would do nothing (as for a person on a slow phone).
 */
function waitForHydration(page: Page): void {
  // Only documents of the app hydrate: a JSON reply or a download does not.
  const hydrated = async (response: Response | null) => {
    if (response?.headers()['content-type']?.startsWith('text/html')) await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => hydrated(await goto(...args));
  page.reload = async (...args) => hydrated(await reload(...args));
}

/**
 * The console line of a page whose service worker the test keeps out (the fixture's default): the
 * harness's doing, not the app's.
 */
export const workerBlocked = (text: string) => text.includes('Service Worker registration blocked by Playwright');

interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /**
   * The app's service worker (offline reading) stays out of a test unless it asks for it: requests a
   * worker answers cannot be intercepted by `page.route`, which several tests use.
   */
  serviceWorkers?: 'allow' | 'block';
  /** False: a browser with scripts off, where pages never hydrate (`goto` then returns at the load event). */
  javaScriptEnabled?: boolean;
  /** Another server than the shared one (a test file that starts its own, configured differently). */
  baseUrl?: string;
}

/**
 * One Chromium per test file; each test gets a fresh context (empty storage, own address) and page.
 * Every page runs under the app's real CSP, and a test fails if anything it did was blocked by it.
 */
export function useBrowser(): {
  page: (options?: PageOptions) => Promise<Page>;
  /**
   * A page of a browser that has been to the site before: one context per size for the whole file, its
   * cookies and site storage cleared for each page, its HTTP cache kept, so the app's scripts load from
   * the cache as they do for a returning reader (about half the time of a first visit). For checks that
   * repeat over many pages (the accessibility walk); a test of a first visit uses `page`.
   */
  returningPage: (options?: Pick<PageOptions, 'width' | 'height'>) => Promise<Page>;
  baseUrl: string;
  /** The CSP violations reported so far, taken out (for a test that provokes one on purpose). */
  takeViolations: () => string[];
} {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const violations: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  const hydrationErrors: string[] = [];
  afterEach(() => {
    expect(violations.splice(0), 'Content-Security-Policy violations').toEqual([]);
    expect(hydrationErrors.splice(0), 'hydration errors (the browser rendered something else than the server)').toEqual([]);
  });
  /** Fails the test on anything the page's CSP blocked or a page that did not hydrate as rendered. */
  function watch(page: Page, javaScriptEnabled: boolean) {
    if (javaScriptEnabled) waitForHydration(page);
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith('CSP violation') || text.includes('Content Security Policy')) violations.push(`${page.url()}: ${text}`);
      if (HYDRATION_ERROR.test(text)) hydrationErrors.push(`${page.url()}: ${text.slice(0, 300)}`);
    });
    // React reports a page that did not hydrate as an uncaught error (error 418, 423 or 425 in production).
    page.on('pageerror', (error) => {
      if (HYDRATION_ERROR.test(error.message)) hydrationErrors.push(`${page.url()}: ${error.message.slice(0, 300)}`);
    });
  }
  async function newContext({ width = 1280, height = 800, colorScheme = 'light', serviceWorkers = 'block', javaScriptEnabled = true, baseUrl }: PageOptions) {
    const context = await browser.newContext({
      viewport: { width, height },
      colorScheme,
      serviceWorkers,
      javaScriptEnabled,
      baseURL: baseUrl ?? site().baseUrl,
      permissions: ['clipboard-read', 'clipboard-write'],
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    contexts.push(context);
    await context.addInitScript(reportCspViolations);
    return context;
  }
  const returning = new Map<string, Promise<BrowserContext>>();
  return {
    baseUrl: site().baseUrl,
    takeViolations: () => violations.splice(0),
    async page(options: PageOptions = {}) {
      const page = await (await newContext(options)).newPage();
      watch(page, options.javaScriptEnabled ?? true);
      return page;
    },
    async returningPage({ width = 1280, height = 800 } = {}) {
      const key = `${width}x${height}`;
      if (!returning.has(key)) returning.set(key, newContext({ width, height }));
      const context = await returning.get(key)!;
      await Promise.all(context.pages().map((open) => open.close()));
      await context.clearCookies();
      const page = await context.newPage();
      // Site storage goes (local, session, IndexedDB, Cache API); the HTTP cache stays.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(site().baseUrl).origin,
        storageTypes: 'local_storage,session_storage,indexeddb,cache_storage,service_workers,file_systems,websql',
      });
      await cdp.detach();
      // An address of its own, as a new context has: sign-ins on this page count against no other's limits.
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
      watch(page, true);
      return page;
    },
  };
}
