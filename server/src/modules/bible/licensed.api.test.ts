import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskReply } from '#common/contracts/ai.ts';
import type { ChapterContent, CompareItem, SearchResponse, TranslationGroup, TranslationSummary } from '#common/contracts/bible.ts';
import { startApiBibleServer, type ApiBibleStandIn } from '../../../test/api-bible-server.ts';
import { importBibleFile } from '../../scripture/importers/files/detect.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { checkAnswer } from '../ai/reference-check.ts';
import { WEB_DIST } from '../../../test/web-build.ts';

const KEY = 'api-bible-test-key-0123456789';
/**
 * How long the app waits for the provider. Long enough that a busy machine never makes an ordinary reply
 * late; the stand-in's hang and delay go past it, so the time-out is still what answers them.
 */
const PROVIDER_TIMEOUT_MS = 3_000;
let provider: ApiBibleStandIn;
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  provider = await startApiBibleServer(KEY);
  app = await startTestApp({
    env: { API_BIBLE_KEY: KEY, API_BIBLE_URL: provider.url, API_BIBLE_FUMS_URL: provider.fumsUrl, API_BIBLE_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS) },
  });
  await app.bible.licensed!.catalogue.loaded;
  // On a busy machine the first ask can fail; the catalogue asks again by itself, and the tests need its list.
  const listed = () => app.server.inject({ method: 'GET', url: '/api/bible/translations/all', headers: { host: 'localhost' } });
  for (const end = Date.now() + 60_000; !(await listed()).json<TranslationSummary[]>().some((t) => t.code === 'NIV');) {
    if (Date.now() > end) throw new Error('the licensed catalogue never loaded');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 300_000);
afterAll(async () => {
  await app?.stop();
  await provider?.stop();
});

async function get(url: string) {
  const res = await app.server.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  expect(res.body).not.toContain(KEY);
  return res;
}
const chapter = async (url: string) => {
  const res = await get(url);
  return { status: res.statusCode, body: res.json() as ChapterContent, headers: res.headers };
};

describe('translations from the licensed catalogue (API.Bible over real HTTP)', () => {
  it('joins the local translations in both lists, grouped by language, with source, licence and features', async () => {
    const all = (await get('/api/bible/translations/all')).json() as TranslationSummary[];
    const codes = all.map((t) => t.code);
    expect(codes.slice(0, 1)).toEqual(['KJV']);
    expect(codes).toEqual(expect.arrayContaining(['KJV', 'WEB', 'NIV', 'MSG', 'NVI']));
    // The provider's KJV has a local twin: one KJV, the local one.
    expect(codes.filter((c) => c === 'KJV')).toHaveLength(1);
    expect(all.find((t) => t.code === 'KJV')).toMatchObject({ source: 'local', features: expect.arrayContaining(['offline', 'audio']) });
    const niv = all.find((t) => t.code === 'NIV')!;
    expect(niv).toMatchObject({ source: 'licensed', language: 'en', languageName: 'English', category: 'Thought-for-Thought' });
    expect(niv.features).not.toContain('offline');
    expect(niv.features).not.toContain('audio');
    expect(all.find((t) => t.code === 'MSG')!.category).toBe('Paraphrase');
    expect(all.find((t) => t.code === 'NVI')).toMatchObject({ language: 'es', languageName: 'Spanish', category: 'International' });

    const groups = (await get('/api/bible/translations/grouped')).json() as TranslationGroup[];
    expect(groups[0]!.languageName).toBe('English');
    expect(groups[0]!.translations.map((t) => t.code)).toEqual(expect.arrayContaining(['KJV', 'NIV', 'MSG']));
    expect(groups.find((g) => g.languageName === 'Spanish')!.translations.map((t) => t.code)).toContain('NVI');
    expect(provider.requests.every((r) => r.key === KEY)).toBe(true);
  });

  it('lists a licensed translation’s books in canon order, leaving out what is not in the canon', async () => {
    const books = (await get('/api/bible/available-books/NIV')).json() as { id: string; englishName: string; chapters: number[] }[];
    expect(books.map((b) => b.id)).toEqual(['GEN', 'PSA', 'JHN']);
    expect(books[2]!.chapters).toHaveLength(20);
    expect((await get('/api/bible/first-available/NIV')).json()).toEqual({ book: 'Genesis', chapter: 1 });
  });

  it('maps a poetic chapter: title, line levels, footnote, divine name, verse ids in the spec’s format', async () => {
    const { status, body } = await chapter('/api/bible/content/Psalms/23?translation=NIV');
    expect(status).toBe(200);
    expect(body).toMatchObject({ translation: 'NIV', book: 'Psalms', chapter: 23, redirect: false, copyright: 'Test copyright notice of niv-test-01.' });
    expect(body.previous).toEqual({ book: 'Psalms', chapter: 22 });
    expect(body.verses.map((v) => v.verseId)).toEqual(['PSALMS.23.1', 'PSALMS.23.2', 'PSALMS.23.3']);
    const [v1, v2, v3] = body.verses;
    expect(v1!.content[0]).toEqual({ type: 'heading', kind: 'psalm', text: 'A test psalm title.' });
    expect(v1!.content).toContainEqual({ type: 'line', indent: 1 });
    expect(v1!.content).toContainEqual({ type: 'line', indent: 2 });
    expect(v1!.content).toContainEqual({ type: 'text', text: 'Lord', divineName: true });
    expect(v1!.text).toBe('Lord fixture line one, fixture line one, second level.');
    expect(v2!.content).toContainEqual({ type: 'note', kind: 'footnote', text: 'A test footnote.' });
    expect(v2!.text).toBe('Fixture line two continues.');
    expect(v3!.content).toContainEqual({ type: 'stanza' });
  });

  it('maps a prose chapter: section heading, paragraphs, red letters, cross-references, joined verses', async () => {
    const { body } = await chapter('/api/bible/content/John/3?translation=NIV');
    expect(body.verses.map((v) => v.verse)).toEqual([1, 2, 3, 4, 16]);
    const [v1, , v3, v4, v16] = body.verses;
    expect(v1!.content.slice(0, 2)).toEqual([{ type: 'heading', kind: 'section', text: 'A Test Section Heading' }, { type: 'paragraph' }]);
    expect(v3!.content).toContainEqual({ type: 'text', text: 'fixture red letters.', wordsOfJesus: true });
    expect(v3!.content).toContainEqual({ type: 'note', kind: 'crossref', text: 'John 1:13' });
    expect(v4!.text).toBe('Fixture joined verses four and five.');
    expect(v16!.content).toContainEqual({ type: 'text', text: 'Fixture sixteen in red.', wordsOfJesus: true });
  });

  it('fetches a chapter once, keeps it in the database, and reports every showing for fair use', async () => {
    const path = '/v1/bibles/niv-test-01/chapters/GEN.2';
    const fetched = () => provider.requests.filter((r) => r.path.startsWith(path)).length;
    const reports = () => provider.reports.filter((r) => r.get('t') === 'token-niv-test-01-GEN.2').length;
    await Promise.all([chapter('/api/bible/content/Genesis/2?translation=NIV'), chapter('/api/bible/content/Genesis/2?translation=NIV')]);
    await chapter('/api/bible/content/Genesis/2?translation=niv');
    expect(fetched()).toBe(1);
    await expect.poll(reports).toBe(3);
    const report = provider.reports.find((r) => r.get('t') === 'token-niv-test-01-GEN.2')!;
    expect(report.get('dId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(report.get('sId')).toMatch(/^[0-9a-f-]{36}$/);
    // Kept in the licensed cache table, with the time it was fetched.
    const kept = await app.database.db.execute(`SELECT key, fetched_at FROM licensed_cache WHERE key = 'chapter:niv-test-01:GEN.2'`);
    expect(kept.rows).toHaveLength(1);
  });

  it('treats a chapter the translation lacks like a local one: §8 message, first available, local alternatives', async () => {
    const { status, body } = await chapter('/api/bible/content/John/21?translation=NIV');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      redirect: true,
      error: true,
      message: 'John 21 is not available in the NIV translation. Please try a different book or translation.',
      firstAvailable: { book: 'Genesis', chapter: 1 },
    });
    expect(body.availableIn!.map((t) => t.code)).toEqual(expect.arrayContaining(['KJV', 'WEB']));
    expect(body.availableIn!.map((t) => t.code)).not.toContain('NIV');
    const missingBook = await chapter('/api/bible/content/Romans/1?translation=NIV');
    expect(missingBook.body).toMatchObject({
      redirect: true,
      message: 'Romans 1 is not available in the NIV translation. Please try a different book or translation.',
    });
    expect((await get('/api/bible/content/John/22?translation=NIV')).statusCode).toBe(404);
  });

  it('suggests the licensed texts the spec names when a local translation lacks a chapter they have', async () => {
    // A local text of Psalms 3 and John 11 only (the importer's USFM fixtures).
    const fixtures = new URL('../../scripture/importers/files/fixtures/usfm', import.meta.url).pathname;
    const sample = await importBibleFile(fixtures, {
      code: 'PSJN',
      name: 'Psalms and John Sample',
      language: 'en',
      category: 'Word-for-Word',
      licence: 'Public domain',
      warn: () => {},
    });
    await app.library.importBible(sample, 'test:PSJN', 'test fixture');
    const { body } = await chapter('/api/bible/content/Genesis/1?translation=PSJN');
    expect(body).toMatchObject({ redirect: true, error: true });
    expect(body.availableIn!.map((t) => t.code)).toEqual(expect.arrayContaining(['KJV', 'NIV']));
    // John 21 is not in the licensed NIV: not suggested.
    const john21 = await chapter('/api/bible/content/John/21?translation=PSJN');
    expect(john21.body.availableIn!.map((t) => t.code)).not.toContain('NIV');
    expect(john21.body.availableIn!.map((t) => t.code)).toContain('KJV');
  });

  it('turns a rate limit, a server error and a time-out into the reader’s message with a local suggestion, and does not keep them', async () => {
    provider.behaviour.set('JHN.4', 'rate-limit');
    provider.behaviour.set('JHN.5', 'error');
    provider.behaviour.set('JHN.6', 'hang');
    const limited = await chapter('/api/bible/content/John/4?translation=NIV');
    expect(limited.status).toBe(200);
    expect(limited.headers['cache-control']).toBe('no-cache');
    expect(limited.body).toMatchObject({ error: true, redirect: false, verses: [] });
    expect(limited.body.message).toBe(
      'The NIV text is busy right now: its publisher’s service asked us to wait. Please try again in a moment, or read John 4 in KJV.'.replace('’', "'"),
    );
    const failed = await chapter('/api/bible/content/John/5?translation=NIV');
    expect(failed.body.message).toBe('The NIV text cannot be reached right now. Please try again in a moment, or read John 5 in KJV.');
    // The stand-in never answers John 6: only the time-out can end the request.
    const late = await chapter('/api/bible/content/John/6?translation=NIV');
    expect(late.body.message).toBe(
      'The NIV text did not arrive in time from its publisher’s service. Please try again in a moment, or read John 6 in KJV.'.replace('’', "'"),
    );
    expect(late.body.availableIn![0]!.code).toBe('KJV');
    // Once the provider answers again, so does the reader.
    provider.behaviour.delete('JHN.4');
    const recovered = await chapter('/api/bible/content/John/4?translation=NIV');
    expect(recovered.body.verses).toHaveLength(3);
  });

  it('compares a passage across local and licensed translations', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/bible/compare/John%203:16',
      headers: { host: 'localhost' },
      payload: { translations: ['KJV', 'NIV', 'MSG'] },
    });
    const items = res.json() as CompareItem[];
    expect(items.map((i) => [i.translation, i.available])).toEqual([
      ['KJV', true],
      ['NIV', true],
      ['MSG', true],
    ]);
    expect(items[1]!.text).toBe('Fixture sixteen in red.');
    expect(items[2]!.name).toBe('The Message');
  });

  it('saves a licensed translation as a reader’s preference like a local one', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/bible/content/Psalms/23?translation=NVI', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(app.bible.hasTranslation('NVI')).toBe(true);
    expect(app.bible.isLicensed('NVI')).toBe(true);
    expect(app.bible.isLicensed('KJV')).toBe(false);
  });

  it('searches a licensed text through the provider, with matches, filters and the passage of a reference', async () => {
    const res = await get('/api/search?q=fixture%20red&translation=NIV&book=John');
    expect(res.statusCode).toBe(200);
    const body = res.json() as SearchResponse;
    expect(body).toMatchObject({ translation: 'NIV', total: 2, match: 'all' });
    expect(body.results[0]).toMatchObject({
      verseId: 'JOHN.3.16',
      reference: 'John 3:16',
      book: 'John',
      chapter: 3,
      verse: 16,
      text: 'Fixture sixteen in red.',
    });
    expect(body.results[0]!.matches).toEqual([
      { start: 0, end: 7 },
      { start: 19, end: 22 },
    ]);
    expect(provider.requests.at(-1)!.path).toContain('range=JHN');
    const reference = (await get('/api/search?q=John%203:16&translation=NIV')).json() as SearchResponse;
    expect(reference.passage!.verses.map((v) => v.text)).toEqual(['Fixture sixteen in red.']);
    await expect.poll(() => provider.reports.some((r) => r.get('t') === 'token-search-fixture red')).toBe(true);
  });

  it('says a licensed text cannot be searched when the provider fails, as a clear error', async () => {
    provider.delayMs = PROVIDER_TIMEOUT_MS * 3;
    try {
      const res = await get('/api/search?q=anything%20slow&translation=NIV');
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual({ message: 'The NIV translation cannot be searched right now. Please try again in a moment.' });
    } finally {
      provider.delayMs = 0;
    }
  });

  it('answers a question asked in a licensed text by quoting it, with its references checked in its own chapters', async () => {
    const ask = async (question: string) => {
      const res = await app.server.inject({ method: 'POST', url: '/api/ai/ask', headers: { host: 'localhost' }, payload: { question, translation: 'NIV' } });
      expect(res.statusCode).toBe(200);
      return res.json() as AskReply;
    };
    const body = await ask('What does John 3:16 say?');
    expect(body.translation).toBe('NIV');
    // The passage found in the local text is quoted from the licensed one.
    expect(body.response).toContain('Fixture sixteen in red.');
    expect(body.response).not.toContain('For God so loved the world');
    const cited = body.references.find((r) => r.reference === 'John 3:16')!;
    expect(cited).toMatchObject({ status: 'verified', text: 'Fixture sixteen in red.', href: '/bible?book=John&chapter=3&verse=16&translation=NIV' });

    // Checked in the licensed text's own chapters: John 3:5 is in the KJV, but the NIV's John 3 joins 4-5.
    const kept = await checkAnswer('As John 3:5 and John 3:16 say, and John 21:1 too.', 'NIV', app.bible);
    expect(kept.map((r) => [r.reference, r.status])).toEqual([
      ['John 3:5', 'invalid'],
      ['John 3:16', 'verified'],
      ['John 21:1', 'invalid'],
    ]);
    expect(kept[2]!.problem).toBe('John has 20 chapters; there is no chapter 21.');
  });

  it('serves a kept licensed chapter on the fast path over real HTTP, still reported, and nothing else of the provider there', async () => {
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/bible/content/Genesis/3?translation=NIV`;
    const first = await fetch(url, { headers: { host: 'localhost' } });
    expect(((await first.json()) as ChapterContent).verses).toHaveLength(3);
    const served = app.fastReadsServed();
    const again = await fetch(url);
    expect(((await again.json()) as ChapterContent).copyright).toBe('Test copyright notice of niv-test-01.');
    expect(app.fastReadsServed()).toBe(served + 1);
    await expect.poll(() => provider.reports.filter((r) => r.get('t') === 'token-niv-test-01-GEN.3').length).toBe(2);
    // A licensed chapter not yet fetched is not answered there: the route fetches it.
    const fresh = await fetch(`${address}/api/bible/content/Genesis/4?translation=NIV`);
    expect(fresh.status).toBe(200);
    expect(app.fastReadsServed()).toBe(served + 1);
  });
});

describe('pages showing a licensed text', () => {
  it('are rendered on the server for each visit (each showing reported), with the text and without the key', async () => {
    const site = await startTestApp({ env: { API_BIBLE_KEY: KEY, API_BIBLE_URL: provider.url, API_BIBLE_FUMS_URL: provider.fumsUrl, WEB_DIST } });
    try {
      await site.bible.licensed!.catalogue.loaded;
      const visit = () => site.server.inject({ url: '/bible?book=Psalms&chapter=42&translation=NIV', headers: { host: 'localhost' } });
      const reports = () => provider.reports.filter((r) => r.get('t') === 'token-niv-test-01-PSA.42').length;
      const first = await visit();
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('Fixture verse 3 of PSA.42.');
      expect(first.body).toContain('Test copyright notice of niv-test-01.');
      expect(first.body).not.toContain(KEY);
      await visit();
      await expect.poll(reports).toBe(2);
      // A local chapter's page is kept: rendered once.
      const local = () => site.server.inject({ url: '/bible?book=Psalms&chapter=42&translation=KJV', headers: { host: 'localhost' } });
      expect((await local()).body).toContain('As the hart panteth');
    } finally {
      await site.stop();
    }
  });
});

describe('the licensed catalogue when the provider is down or refuses the key', () => {
  it('starts with the local translations only when the provider refuses the key', async () => {
    const refused = await startTestApp({ env: { API_BIBLE_KEY: 'a-wrong-key-0000', API_BIBLE_URL: provider.url, API_BIBLE_FUMS_URL: 'off' } });
    try {
      await refused.bible.licensed!.catalogue.loaded;
      const codes = ((await refused.server.inject({ url: '/api/bible/translations/all', headers: { host: 'localhost' } })).json() as TranslationSummary[]).map(
        (t) => t.code,
      );
      expect(codes).not.toContain('NIV');
      expect(codes).toContain('KJV');
      const missing = await refused.server.inject({ url: '/api/bible/content/John/3?translation=NIV', headers: { host: 'localhost' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "Translation 'NIV' not found." });
    } finally {
      await refused.stop();
    }
  });
});
