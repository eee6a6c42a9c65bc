import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { resetSharedTestDatabase } from '../server/test/test-app.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const FIXTURES = join(ROOT, 'server/src/scripture/importers/files/fixtures');
const dataDir = mkdtempSync(join(tmpdir(), 'selah-cli-'));
const databaseUrl = process.env.TEST_DATABASE_URL;
const env = { ...process.env, DATA_DIR: dataDir, SWORD_DISCOVERY: 'off', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

function bible(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bible.ts'), ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

describe(`npm run bible on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  beforeAll(resetSharedTestDatabase);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('imports a USFM folder once, and says so when it is imported again', () => {
    const first = bible('import', join(FIXTURES, 'usfm'), '--code', 'TST', '--name', 'Test USFM', '--language', 'en', '--licence', 'Public domain');
    expect(first.stdout).toBe('Imported TST (Test USFM): 2 books, 8 verses.');
    expect(first.status).toBe(0);
    const again = bible('import', join(FIXTURES, 'usfm'), '--code', 'TST', '--name', 'Test USFM', '--language', 'en', '--licence', 'Public domain');
    expect(again.stdout).toBe('TST is already imported from this source; nothing to do.');
  });

  it('refuses a malformed file with its name and place, leaving existing translations untouched', () => {
    const bad = bible('import', join(FIXTURES, 'usfm-bad'), '--code', 'TST', '--replace');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(`${join(FIXTURES, 'usfm-bad/verse-before-chapter.usfm')}: 4:1 (Gen): verse 1 outside any chapter`);
    const xml = bible('import', join(FIXTURES, 'osis-bad'), '--code', 'TST', '--replace');
    expect(xml.status).toBe(1);
    expect(xml.stderr).toMatch(/mismatched\.osis\.xml: \d+:\d+: XML error/);
    expect(bible('list').stdout).toContain('TST        Test USFM — English, Word-for-Word, 8 verses');
  });

  it('will not replace a translation from another source without --replace', () => {
    const clash = bible('import', join(FIXTURES, 'osis'), '--code', 'TST');
    expect(clash.status).toBe(1);
    expect(clash.stderr).toMatch(/^A translation with code TST already exists \(Test USFM/m);
    expect(bible('import', join(FIXTURES, 'osis'), '--code', 'TST', '--replace').status).toBe(0);
    expect(bible('list').stdout).not.toContain('Test USFM');
  });

  it('explains bad options and commands', () => {
    expect(bible('import', join(FIXTURES, 'usfm'), '--category', 'poetic').stderr).toMatch(/unknown category "poetic"; use one of: Word-for-Word/);
    expect(bible('remove', 'NOPE')).toMatchObject({ status: 1, stderr: 'No translation with code NOPE.' });
    expect(bible('frob').status).toBe(2);
  });

  it('serves what it imported once the server starts', async () => {
    expect(bible('import', join(FIXTURES, 'usfm'), '--code', 'USFMT', '--language', 'en').status).toBe(0);
    const database = await openDatabase({ databaseUrl, dataDir });
    const app = await buildApp({ config: loadConfig({ ...env, ALLOWED_HOSTS: 'localhost' }), database, importDefaults: false, logger: false });
    try {
      const res = await app.server.inject('/api/bible/content/John/11?translation=USFMT');
      expect(res.statusCode).toBe(200);
      expect(res.json().verses.find((v: { verse: number }) => v.verse === 35).text).toBe('Jesus wept.');
    } finally {
      await app.server.close();
      await database.close();
    }
  });
});
