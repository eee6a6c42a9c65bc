import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { startInbox } from '../server/test/smtp-inbox.ts';
import { ensureWebBuild } from '../server/test/web-build.ts';
import { startApiBibleServer } from '../server/test/api-bible-server.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDatabase, startAppProcess } from './app-process.ts';
import { usePreparedFolder } from '../server/test/prepared-databases.ts';
import type { E2eSite } from './site.ts';

const API_BIBLE_KEY = 'e2e-api-bible-key-0123456789';

/** The loopback SMTP server of the API tests, also dropping each message into a folder for browser tests. */
async function startSmtpDrop(dir: string) {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  return startInbox({ onRaw: (raw) => writeFileSync(join(dir, `${Date.now()}-${n++}.eml`), raw) });
}

/**
 * Starts the real app for the browser tests, once for each worker that runs test files (e2e/site.ts):
 * the built web app, an embedded database with KJV, WEB and small fixture translations (one lacking
 * most books; enough in all to compare nine), and licensed translations (NIV, MSG, NVI) from a loopback
 * stand-in for API.Bible. The database is seeded once and each site starts from a copy of it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureWebBuild();
  const root = mkdtempSync(join(tmpdir(), 'selah-e2e-'));
  const seeded = join(root, 'seeded');
  // Seeded from the run's prepared data folder, shared with the API tests: the default translations are
  // imported once a run, and seeding adds the fixtures and accounts.
  const prepared = await usePreparedFolder();
  cpSync(join(prepared.folder, 'data-folder'), seeded, { recursive: true });
  seedDatabase({ ...process.env, DATA_DIR: seeded, SWORD_DISCOVERY: 'off' });
  const count = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startSite(join(root, `site-${i + 1}`), seeded)));
  const stops = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value.stop] : []));
  const stopAll = async () => {
    for (const stop of stops) await stop();
    rmSync(root, { recursive: true, force: true });
    await prepared.release();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'sites',
    started.map((s) => (s as PromiseFulfilledResult<{ site: E2eSite }>).value.site),
  );
  return stopAll;
}

/** One site: a copy of the seeded data folder, its own mail drop and API.Bible stand-in, and the app on them. */
async function startSite(dataDir: string, seeded: string): Promise<{ site: E2eSite; stop: () => Promise<void> }> {
  cpSync(seeded, dataDir, { recursive: true });
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
  const app = await startAppProcess(env).catch(async (error: unknown) => {
    await smtp.stop();
    await apiBible.stop();
    throw error;
  });
  const stop = async () => {
    await app.stop();
    await smtp.stop();
    await apiBible.stop();
  };
  const until = Date.now() + 120_000;
  // The licensed list arrives after start (the catalogue never holds the start up): tests that read
  // NIV need it, so wait for it as a state rather than hope a busy machine answered in time.
  for (;;) {
    const all = (await (await fetch(`${app.baseUrl}/api/bible/translations/all`)).json()) as { code?: string; abbreviation?: string }[];
    if (JSON.stringify(all).includes('"NIV"')) break;
    if (Date.now() > until) {
      await stop();
      throw new Error('the licensed translations did not load');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { site: { baseUrl: app.baseUrl, inboxDir, apiBibleControl: apiBible.controlUrl, mediaDir: join(dataDir, 'media') }, stop };
}
