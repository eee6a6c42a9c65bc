import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { startInbox } from '../server/test/smtp-inbox.ts';
import { ensureWebBuild } from '../server/test/web-build.ts';
import { startApiBibleServer } from '../server/test/api-bible-server.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDatabase, startAppProcess } from './app-process.ts';

const API_BIBLE_KEY = 'e2e-api-bible-key-0123456789';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Folder where the loopback SMTP server drops each message it receives, one .eml file each. */
    inboxDir: string;
    /** Sets how the licensed provider's stand-in answers a chapter (see server/test/api-bible-server.ts). */
    apiBibleControl: string;
    /** The server's media folder (generated audio), for a test that spoils a file on purpose. */
    mediaDir: string;
  }
}

/** The loopback SMTP server of the API tests, also dropping each message into a folder for browser tests. */
async function startSmtpDrop(dir: string) {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  return startInbox({ onRaw: (raw) => writeFileSync(join(dir, `${Date.now()}-${n++}.eml`), raw) });
}

/**
 * Starts the real app for the browser tests: the built web app, a fresh embedded database with KJV,
 * WEB and small fixture translations (one lacking most books; enough in all to compare nine), and
 * licensed translations (NIV, MSG, NVI) from a loopback stand-in for API.Bible.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'selah-e2e-'));
  const inboxDir = join(dataDir, 'inbox');
  const smtp = await startSmtpDrop(inboxDir);
  // TRUST_PROXY: the tests play a proxy, so test files can each use their own client address.
  // The licensed catalogue is on, as on a site with an API.Bible key: its stand-in speaks the protocol on loopback.
  const apiBible = await startApiBibleServer(API_BIBLE_KEY);
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    SWORD_DISCOVERY: 'off',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    TRUST_PROXY: '1',
    API_BIBLE_KEY,
    API_BIBLE_URL: apiBible.url,
    API_BIBLE_FUMS_URL: apiBible.fumsUrl,
    API_BIBLE_TIMEOUT_MS: '2000',
  };
  seedDatabase(env);
  const { baseUrl, stop } = await startAppProcess(env);
  const until = Date.now() + 120_000;
  // The licensed list arrives after start (the catalogue never holds the start up): tests that read
  // NIV need it, so wait for it as a state rather than hope a busy machine answered in time.
  for (;;) {
    const all = (await (await fetch(`${baseUrl}/api/bible/translations/all`)).json()) as { code?: string; abbreviation?: string }[];
    if (JSON.stringify(all).includes('"NIV"')) break;
    if (Date.now() > until) throw new Error('the licensed translations did not load');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('inboxDir', inboxDir);
  project.provide('apiBibleControl', apiBible.controlUrl);
  project.provide('mediaDir', join(dataDir, 'media'));
  return async () => {
    await stop();
    await smtp.stop();
    await apiBible.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
