import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../test/test-app.ts';
import { SYSTEM_SWORD } from '../../test/prepared-databases.ts';
import type { TranslationSummary } from '#common/contracts/bible.ts';
import { codeFromModuleName, editionFamilies, withRichestEditionFirst } from './sources.ts';

const installed = ['engKJV2006eb', 'engWEB2015eb', 'spaRV1909eb'].every((m) => existsSync(`/usr/share/sword/mods.d/${m}.conf`));

it('derives codes from SWORD module names', () => {
  expect(codeFromModuleName('engKJV2006eb')).toBe('KJV2006');
  expect(codeFromModuleName('spaRV1909eb')).toBe('RV1909');
  expect(codeFromModuleName('KJVA')).toBe('KJVA');
});

it('gives a richer SWORD edition its translation’s code and keeps the packaged text as its plain edition', () => {
  const source = (code: string) => ({ code, fingerprint: `f-${code}`, origin: `o-${code}`, load: () => Promise.reject(new Error('not loaded')) });
  const sources = withRichestEditionFirst(
    [source('KJV'), source('ASV')],
    [
      { ...source('KJV2006'), editionOf: 'KJV', richer: true },
      { ...source('ASV2'), editionOf: 'ASV', richer: false },
      { ...source('RV1909'), richer: true },
    ],
  );
  expect(sources.map((s) => [s.code, s.origin])).toEqual([
    ['KJVPLAIN', 'o-KJV'],
    ['ASV', 'o-ASV'],
    ['KJV', 'o-KJV2006'],
    ['ASV2', 'o-ASV2'],
    ['RV1909', 'o-RV1909'],
  ]);
  expect([...editionFamilies(sources)]).toEqual([
    ['KJVPLAIN', 'KJV'],
    ['ASV2', 'ASV'],
  ]);
});

describe.skipIf(!installed)(`SWORD Bibles installed on the system, served on ${databaseKind()}`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    app = await startTestApp({ env: { SWORD_DISCOVERY: 'on', SWORD_PATH: SYSTEM_SWORD } });
    // Started on a database that holds them already (as after a restart), the app lists a text whose pack
    // it is still copying without what only its pack tells (its edition): these tests read a settled store.
    while ((await app.server.inject('/api/health')).json().copying > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  });
  afterAll(async () => app?.stop());

  const chapter = async (path: string) => (await app.server.inject(path)).json();

  it('appear beside the npm texts; a richer edition of one takes its code, and the npm text is listed as its edition', async () => {
    const all = (await app.server.inject('/api/bible/translations/all')).json() as TranslationSummary[];
    expect(all.map((t) => t.code)).toEqual(['KJV', 'ASV', 'KJVPLAIN', 'WEB', 'WEBPLAIN', 'RV1909']);
    const byCode = new Map(all.map((t) => [t.code, t]));
    expect(byCode.get('KJV')).toMatchObject({
      name: 'King James Version',
      redLetters: true,
      edition: "66 books, words of Jesus in red, footnotes, and Strong's numbers",
    });
    expect(byCode.get('KJVPLAIN')).toMatchObject({
      name: 'King James Version',
      editionOf: 'KJV',
      redLetters: false,
      edition: '66 books, without notes or red letters',
    });
    expect(byCode.get('WEB')).toMatchObject({ redLetters: true, edition: expect.stringMatching(/^With the Apocrypha, words of Jesus in red, footnotes/) });
    expect(byCode.get('WEBPLAIN')).toMatchObject({ editionOf: 'WEB', edition: '66 books, without notes or red letters' });
    expect(byCode.get('ASV')).not.toHaveProperty('edition');
    expect(byCode.get('RV1909')).toMatchObject({ name: 'Reina Valera 1909', languageName: 'Spanish' });
    expect(byCode.get('RV1909')).not.toHaveProperty('editionOf');
    // Readers of "KJV" get the richest text; the plain edition is still there under its own code.
    const john3 = await chapter('/api/bible/content/John/3?translation=KJVPLAIN');
    expect(john3.verses[15].content.some((n: { wordsOfJesus?: boolean }) => n.wordsOfJesus)).toBe(false);
    expect(john3.translationName).toBe('King James Version');
    const grouped = (await app.server.inject('/api/bible/translations/grouped')).json();
    expect(grouped.map((g: { languageName: string }) => g.languageName)).toEqual(['English', 'Spanish']);
  });

  it("serve their structure: words of Jesus and Strong's numbers (KJV), footnotes (WEB)", async () => {
    const john3 = await chapter('/api/bible/content/John/3?translation=KJV');
    const v16 = john3.verses[15].content;
    expect(v16.some((n: { wordsOfJesus?: boolean }) => n.wordsOfJesus)).toBe(true);
    expect(john3.verses[15].text).toMatch(/^For God so loved the world/);
    const gen1 = await chapter('/api/bible/content/Genesis/1?translation=KJV');
    expect(gen1.verses[0].content.find((n: { strongs?: string[] }) => n.strongs)).toMatchObject({ strongs: ['H7225'] });
    const web = await chapter('/api/bible/content/Genesis/1?translation=WEB');
    expect(web.verses.some((v: { content: { type: string }[] }) => v.content.some((n) => n.type === 'note'))).toBe(true);
    expect(web.verses[0].text).not.toMatch(/\d/); // notes never leak into the text
  });

  it('include the deuterocanon where the module has it, and other languages', async () => {
    const books = (await app.server.inject('/api/bible/available-books/WEB')).json() as { name: string; deuterocanonical: boolean }[];
    expect(books.filter((b) => b.deuterocanonical).map((b) => b.name)).toEqual(expect.arrayContaining(['Tobit', 'Sirach', '1 Maccabees']));
    expect((await chapter('/api/bible/content/Tobit/1?translation=WEB')).verses.length).toBeGreaterThan(10);
    expect((await chapter('/api/bible/content/Tobit/1?translation=WEBPLAIN')).redirect).toBe(true);
    expect((await chapter('/api/bible/content/Genesis/1?translation=RV1909')).verses[0].text).toMatch(/^En el principio/i);
    const search = (await app.server.inject('/api/search?q=senor&translation=RV1909&limit=1')).json();
    expect(search.total).toBeGreaterThan(1000);
    expect(search.results[0].text.slice(search.results[0].matches[0].start, search.results[0].matches[0].end)).toMatch(/^señor$/i);
  });

  it('suggests a Spanish word from the Spanish text itself, with its accents, however the typo was typed', async () => {
    const search = async (q: string) => (await app.server.inject(`/api/search?${new URLSearchParams({ q, translation: 'RV1909', limit: '1' })}`)).json();
    const typed = await search('corasón');
    expect(typed).toMatchObject({ total: 0, suggestion: 'corazón' });
    expect((await search('corason limpio')).suggestion).toBe('corazón limpio');
    expect((await search(typed.suggestion)).total).toBeGreaterThan(100);
    expect(await search('corazón')).not.toHaveProperty('suggestion');
  });
});
