import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationSummary } from '#common/contracts/bible.ts';
import { buildApp, type App } from '../../app.ts';
import { databaseKind, startTestApp, testConfig } from '../../../test/test-app.ts';
import { TranslationRepository } from './translation.repository.ts';

type Health = { status: string; translations: number; copying: number };

/**
 * A new process on an empty data folder (a site adding a process, or one whose disk was replaced) serves
 * before it has copied every translation's pack from the database: here it copies one first and the
 * rest only when asked (whileServing 0), so each state can be seen; a site copies them all meanwhile.
 */
describe(`A process that serves before every pack is copied, on ${databaseKind()}`, () => {
  let first: Awaited<ReturnType<typeof startTestApp>>;
  const dataDirs: string[] = [];
  const apps: App[] = [];

  /** A second process on the first's database, with a data folder of its own and no packs in it. */
  async function newProcess(whileServing: number): Promise<App & { packs(): string[] }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'selah-arriving-'));
    dataDirs.push(dataDir);
    const app = await buildApp({
      config: testConfig(dataDir),
      database: first.database,
      importDefaults: false,
      logger: false,
      packCopies: { beforeListening: 1, whileServing },
    });
    apps.push(app);
    const packs = () =>
      readdirSync(join(dataDir, 'packs'))
        .filter((name) => name.endsWith('.pack'))
        .map((name) => name.split('.')[0]!)
        .sort();
    return Object.assign(app, { packs });
  }

  const health = async (app: App) => (await app.server.inject('/api/health')).json() as Health;
  const listed = async (app: App) => ((await app.server.inject('/api/bible/translations/all')).json() as TranslationSummary[]).map((t) => t.code);

  beforeAll(async () => {
    first = await startTestApp();
  });
  afterAll(async () => {
    for (const app of apps) await app.server.close();
    await first?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('lists every translation at once, serves the default one copied first, and copies another the moment a reader asks for it', async () => {
    const app = await newProcess(0);
    expect(app.packs()).toEqual(['KJV']);
    expect(await health(app)).toEqual({ status: 'ok', translations: 3, copying: 2 });
    expect(await listed(app)).toEqual(await listed(first));

    const ruth = await app.server.inject('/api/bible/content/Ruth/1?translation=ASV');
    expect(ruth.statusCode).toBe(200);
    expect(ruth.json().verses[15].text).toMatch(/whither thou goest, I will go/);
    expect(app.packs()).toEqual(['ASV', 'KJV']);
    expect(await health(app)).toEqual({ status: 'ok', translations: 3, copying: 1 });

    // Two requests at once for the last one: one copy, both served.
    const [compare, books] = await Promise.all([
      app.server.inject({ method: 'POST', url: `/api/bible/compare/${encodeURIComponent('Ruth 1:16')}`, payload: { translations: ['KJV', 'WEB'] } }),
      app.server.inject('/api/bible/available-books/WEB'),
    ]);
    expect(compare.json().map((c: { text: string }) => c.text)).toEqual([
      expect.stringMatching(/whither thou goest, I will go/),
      expect.stringMatching(/where you go, I will go/),
    ]);
    expect(books.json()).toHaveLength(66);
    expect(app.packs()).toEqual(['ASV', 'KJV', 'WEB']);
    expect(await health(app)).toEqual({ status: 'ok', translations: 3, copying: 0 });
  });

  it('copies the rest while serving, and lists a translation removed meanwhile no more', async () => {
    const app = await newProcess(0);
    expect(await health(app)).toMatchObject({ copying: 2 });
    await new TranslationRepository(first.database.db).remove('WEB');
    await app.library.reload();
    expect(await listed(app)).toEqual(['KJV', 'ASV']);
    expect((await app.server.inject('/api/bible/content/John/3?translation=WEB')).statusCode).toBe(404);
    expect(await health(app)).toEqual({ status: 'ok', translations: 2, copying: 1 });

    const busy = await newProcess(2);
    await expect.poll(async () => (await health(busy)).copying).toBe(0);
    expect(busy.packs()).toEqual(['ASV', 'KJV']);
    expect(await listed(busy)).toEqual(['KJV', 'ASV']);
  });
});
