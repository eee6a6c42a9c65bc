import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../test/test-app.ts';
import { codeFromModuleName } from './sources.ts';

const installed = ['engKJV2006eb', 'engWEB2015eb', 'spaRV1909eb'].every((m) => existsSync(`/usr/share/sword/mods.d/${m}.conf`));

it('derives codes from SWORD module names', () => {
  expect(codeFromModuleName('engKJV2006eb')).toBe('KJV2006');
  expect(codeFromModuleName('spaRV1909eb')).toBe('RV1909');
  expect(codeFromModuleName('KJVA')).toBe('KJVA');
});

describe.skipIf(!installed)(`SWORD Bibles installed on the system, served on ${databaseKind()}`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    app = await startTestApp({ env: { SWORD_DISCOVERY: 'on', SWORD_PATH: '/usr/share/sword' } });
  });
  afterAll(async () => app?.stop());

  const chapter = async (path: string) => (await app.server.inject(path)).json();

  it('appear beside the npm texts, with codes and names that do not clash', async () => {
    const all = (await app.server.inject('/api/bible/translations/all')).json() as { code: string; name: string; languageName: string }[];
    expect(all.map((t) => t.code)).toEqual(['KJV', 'ASV', 'KJV2006', 'WEB', 'WEB2015', 'RV1909']);
    expect(new Set(all.map((t) => t.name)).size).toBe(all.length);
    expect(all.find((t) => t.code === 'RV1909')).toMatchObject({ name: 'Reina Valera 1909', languageName: 'Spanish' });
    const grouped = (await app.server.inject('/api/bible/translations/grouped')).json();
    expect(grouped.map((g: { languageName: string }) => g.languageName)).toEqual(['English', 'Spanish']);
  });

  it("serve their structure: words of Jesus and Strong's numbers (KJV), footnotes (WEB)", async () => {
    const john3 = await chapter('/api/bible/content/John/3?translation=KJV2006');
    const v16 = john3.verses[15].content;
    expect(v16.some((n: { wordsOfJesus?: boolean }) => n.wordsOfJesus)).toBe(true);
    expect(john3.verses[15].text).toMatch(/^For God so loved the world/);
    const gen1 = await chapter('/api/bible/content/Genesis/1?translation=KJV2006');
    expect(gen1.verses[0].content.find((n: { strongs?: string[] }) => n.strongs)).toMatchObject({ strongs: ['H7225'] });
    const web = await chapter('/api/bible/content/Genesis/1?translation=WEB2015');
    expect(web.verses.some((v: { content: { type: string }[] }) => v.content.some((n) => n.type === 'note'))).toBe(true);
    expect(web.verses[0].text).not.toMatch(/\d/); // notes never leak into the text
  });

  it('include the deuterocanon where the module has it, and other languages', async () => {
    const books = (await app.server.inject('/api/bible/available-books/WEB2015')).json() as { name: string; deuterocanonical: boolean }[];
    expect(books.filter((b) => b.deuterocanonical).map((b) => b.name)).toEqual(expect.arrayContaining(['Tobit', 'Sirach', '1 Maccabees']));
    expect((await chapter('/api/bible/content/Tobit/1?translation=WEB2015')).verses.length).toBeGreaterThan(10);
    expect((await chapter('/api/bible/content/Tobit/1?translation=KJV')).redirect).toBe(true);
    expect((await chapter('/api/bible/content/Genesis/1?translation=RV1909')).verses[0].text).toMatch(/^En el principio/i);
    const search = (await app.server.inject('/api/search?q=senor&translation=RV1909&limit=1')).json();
    expect(search.total).toBeGreaterThan(1000);
    expect(search.results[0].text.slice(search.results[0].matches[0].start, search.results[0].matches[0].end)).toMatch(/^señor$/i);
  });
});
