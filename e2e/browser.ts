import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink, V8 and network stack as the
 * browser, without the browser's window and UI layers, and the build Playwright itself drives for headless
 * tests. The browser tests took about a third less CPU on it (186 against 115–132 CPU-seconds for the
 * reader, lessons and study-tools files on two cores).
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's Chromium, started the way this machine needs (no sandbox as root, no background traffic).
 * Tests get the headless shell when it is installed; `full` asks for the whole browser (page-load benchmarks,
 * whose figures stand for what a reader's browser does, and screenshots). `CHROMIUM_PATH` overrides both.
 */
export function launchChromium({ full = false }: { full?: boolean } = {}): Promise<Browser> {
  const installed = !full && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? installed,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
