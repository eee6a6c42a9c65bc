import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopicMatchesReply, TopicReply, TopicsReply } from '#common/contracts/study-tools.ts';
import type { SearchResponse } from '#common/contracts/bible.ts';
import { TOPIC_PAGE_REFERENCES, TOPIC_VERSE_TEXTS_MAX } from '#common/contracts/study-tools.ts';
import { TopicalIndex } from '../../scripture/topics/topical-index.ts';
import { findSwordModule } from '../../scripture/sword/discover.ts';
import { NaveTopics } from '../ai/nave-topics.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';

const SYSTEM = '/usr/share/sword';
const hasNave = existsSync(join(SYSTEM, 'mods.d', 'nave.conf'));

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
}, 300_000);
afterAll(() => app.stop());

async function get<T>(url: string) {
  const res = await app.server.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  return { status: res.statusCode, body: res.json() as T & { message?: string } };
}

/** Installs Debian's Nave's into the app's library root, as the library's install leaves it. */
function installNave() {
  mkdirSync(join(app.libraryRoot, 'mods.d'), { recursive: true });
  cpSync(join(SYSTEM, 'mods.d', 'nave.conf'), join(app.libraryRoot, 'mods.d', 'nave.conf'));
  cpSync(join(SYSTEM, 'modules/lexdict/zld/nave'), join(app.libraryRoot, 'modules/lexdict/zld/nave'), { recursive: true });
}
function removeNave() {
  rmSync(join(app.libraryRoot, 'mods.d', 'nave.conf'), { force: true });
  rmSync(join(app.libraryRoot, 'modules/lexdict/zld/nave'), { recursive: true, force: true });
}

describe(`The topical index (${databaseKind()})`, () => {
  it('lists no topics and knows none while no topical index is installed', async () => {
    expect(await get<TopicsReply>('/api/study-tools/topics')).toEqual({ status: 200, body: { topics: [], total: 0, offset: 0, limit: 50, installed: 0 } });
    const missing = await get<TopicReply>('/api/study-tools/topics/forgiveness');
    expect(missing).toEqual({ status: 404, body: { message: 'No installed topical index has the topic “forgiveness”.' } });
    expect((await get<TopicMatchesReply>('/api/study-tools/topic-matches?q=forgiveness')).body).toEqual({ topics: [] });
  });

  describe.skipIf(!hasNave)("with Nave's Topical Bible installed (needs Debian sword-dict-naves)", () => {
    beforeAll(() => installNave());
    afterAll(() => removeNave());

    it('lets search read its entries that only point to another word: "anxiety" finds the verses on care', async () => {
      // Not one KJV verse says "anxiety", and neither the parallel texts nor WordNet give a word the KJV has.
      removeNave();
      expect((await get<SearchResponse>('/api/search?q=anxiety&translation=KJV')).body).toMatchObject({ total: 0 });
      expect((await get<SearchResponse>('/api/search?q=anxiety&translation=KJV')).body.meaning).toBeUndefined();
      // Nave's ANXIETY says only "See CARE": with it installed (a new query, so no kept reply), care stands in.
      installNave();
      const { body } = await get<SearchResponse>('/api/search?q=Anxiety&translation=KJV');
      expect(body.meaning?.related).toEqual(['care']);
      expect(body.meaning!.results.length).toBeGreaterThan(0);
      expect(body.meaning!.results.every((r) => /\bcare/i.test(r.text))).toBe(true);
      // Only the words asked are marked: "care" is a stand-in.
      expect(body.meaning!.results.every((r) => r.matches.length === 0)).toBe(true);
      // An entry with passages of its own points to neighbours, not to the same thing: ANGER's "see" links stand in for nothing.
      const nave = TopicalIndex.open(findSwordModule('Nave', [SYSTEM])!);
      expect(nave.synonymsOf('anger')).toEqual([]);
      expect(nave.synonymsOf('anxiety')).toEqual(['care']);
    });

    it('lists its topics a page at a time, with the total, names starting with the words first', async () => {
      const first = await get<TopicsReply>('/api/study-tools/topics?limit=3');
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        topics: [
          { name: 'AARON', title: 'Aaron', module: 'Nave' },
          { name: 'ABADDON', title: 'Abaddon', module: 'Nave' },
          { name: 'ABAGTHA', title: 'Abagtha', module: 'Nave' },
        ],
        total: 5320,
        offset: 0,
        limit: 3,
        installed: 1,
      });
      const next = await get<TopicsReply>('/api/study-tools/topics?limit=2&offset=3');
      expect(next.body.topics.map((t) => t.name)).toEqual(['ABANA', 'ABARIM']);
      const peace = await get<TopicsReply>('/api/study-tools/topics?q=Peace');
      expect(peace.body.topics.map((t) => t.name)).toEqual(['PEACE', 'PEACE OFFERINGS', 'PRINCE OF PEACE', 'SPIRITUAL PEACE']);
      expect(peace.body.total).toBe(4);
      const prince = await get<TopicsReply>('/api/study-tools/topics?q=prince%20of');
      expect(prince.body.topics).toEqual([{ name: 'PRINCE OF PEACE', title: 'Prince of Peace', module: 'Nave' }]);
      const letter = await get<TopicsReply>('/api/study-tools/topics?letter=z&limit=100');
      expect(letter.body.topics[0]).toEqual({ name: 'ZAANAIM', title: 'Zaanaim', module: 'Nave' });
      expect(letter.body.topics.every((t) => t.name.startsWith('Z'))).toBe(true);
      expect(letter.body.topics).toHaveLength(100);
      expect(letter.body.total).toBe(140);
      const past = await get<TopicsReply>('/api/study-tools/topics?offset=6000');
      expect(past.body).toMatchObject({ topics: [], total: 5320, offset: 6000 });
    });

    it('gives FORGIVENESS: module and licence, sub-headings with their references and verse texts, and its related topics', async () => {
      const { status, body } = await get<TopicReply>('/api/study-tools/topics/forgiveness?translation=WEB');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        name: 'FORGIVENESS',
        title: 'Forgiveness',
        module: 'Nave',
        source: "Nave's Topical Bible",
        licence: 'Public Domain',
        translation: 'WEB',
      });
      expect(body.headings.map((h) => h.title)).toEqual(['OF ENEMIES', 'INSTANCES OF', 'OF SINS']);
      expect(body.headings[0]!.references[0]).toEqual({
        reference: 'Exodus 23:4',
        book: 'Exodus',
        chapter: 23,
        verse: 4,
        text: '“If you meet your enemy’s ox or his donkey going astray, you shall surely bring it back to him again.',
      });
      // A passage longer than three verses is linked without its text.
      expect(body.headings[0]!.references.find((r) => r.reference === 'Matthew 18:21-35')).toMatchObject({ verse: 21, text: null });
      expect(body.headings[1]!.items[0]).toMatchObject({ title: 'Esau forgives Jacob', see: [] });
      expect(body.headings[2]!.items[0]!.see).toEqual([{ name: 'SIN', label: 'Sin, Forgiveness of' }]);
      expect(body.related).toEqual([
        { name: 'ENEMY', title: 'Enemy', module: 'Nave' },
        { name: 'SIN', title: 'Sin', module: 'Nave' },
      ]);
      expect(body.referenceCount).toBe(46);
      const kjv = await get<TopicReply>('/api/study-tools/topics/FORGIVENESS');
      expect(kjv.body.translation).toBe('KJV');
      expect(kjv.body.headings[0]!.references[0]!.text).toMatch(/^If thou meet thine enemy's ox/);
    });

    it('pages a big topic by its headings, every part reachable in order, and keeps a small one on one page', async () => {
      const small = await get<TopicReply>('/api/study-tools/topics/forgiveness');
      expect([small.body.page, small.body.pageCount, small.body.headings.some((h) => h.continued)]).toEqual([1, 1, false]);
      const nave = TopicalIndex.open(findSwordModule('Nave', [SYSTEM])!);
      for (const name of ['JESUS, THE CHRIST', 'GOD']) {
        const entry = nave.entry(name)!;
        const first = await get<TopicReply>(`/api/study-tools/topics/${encodeURIComponent(name.toLowerCase())}`);
        expect(first.body.page).toBe(1);
        expect(first.body.pageCount).toBeGreaterThan(10);
        const largestLine = Math.max(...entry.headings.flatMap((h) => [h, ...h.items]).map((l) => l.references.length + l.see.length));
        const titles: string[] = [];
        let references = 0;
        for (let page = 1; page <= first.body.pageCount; page++) {
          const { status, body } = await get<TopicReply>(`/api/study-tools/topics/${encodeURIComponent(name)}?page=${page}`);
          expect([status, body.page, body.pageCount, body.referenceCount]).toEqual([200, page, first.body.pageCount, first.body.referenceCount]);
          expect(body.related).toEqual(first.body.related);
          const lines = body.headings.flatMap((h) => [...(h.continued ? [] : [h]), ...h.items]);
          const onPage = lines.reduce((n, l) => n + l.references.length + l.see.length, 0);
          expect(onPage).toBeGreaterThan(0);
          // Bounded: the budget, overrun by at most the line that crossed it.
          expect(onPage).toBeLessThanOrEqual(TOPIC_PAGE_REFERENCES + largestLine);
          // A heading carried over repeats its title with none of its own references.
          for (const h of body.headings.filter((x) => x.continued)) expect([h.references, h.see, h.items.length > 0]).toEqual([[], [], true]);
          if (page > 1) expect(body.headings[0]!.continued || body.headings[0]!.title !== '').toBe(true);
          titles.push(...lines.map((l) => l.title));
          references += lines.reduce((n, l) => n + l.references.length, 0);
        }
        // Every line of the entry, once, in the module's order, and every reference.
        expect(titles).toEqual(entry.headings.flatMap((h) => [h, ...h.items]).map((l) => l.title));
        expect(references).toBe(first.body.referenceCount);
        const past = await get<TopicReply>(`/api/study-tools/topics/${encodeURIComponent(name)}?page=${first.body.pageCount + 1}`);
        expect(past).toEqual({
          status: 404,
          body: { message: `“${name}” has ${first.body.pageCount} pages, so there is no page ${first.body.pageCount + 1}.` },
        });
      }
      for (const bad of ['0', '-1', '1.5', 'abc', '1001']) {
        const res = await get<TopicReply>(`/api/study-tools/topics/god?page=${bad}`);
        expect([res.status, res.body.message], bad).toEqual([400, expect.stringMatching(/^Page (must be a whole number, 1 or more|is at most 1000)\.$/)]);
      }
    });

    it('caps the verse texts of a long topic and names a link by a shorter name', async () => {
      const { status, body } = await get<TopicReply>(`/api/study-tools/topics/${encodeURIComponent('Jesus, the Christ')}`);
      expect(status).toBe(200);
      const references = body.headings.flatMap((h) => [...h.references, ...h.items.flatMap((i) => i.references)]);
      expect(body.referenceCount).toBeGreaterThan(3000);
      const withText = references.filter((r) => r.text !== null);
      expect(withText.length).toBeGreaterThan(20);
      expect(withText.length).toBeLessThanOrEqual(TOPIC_VERSE_TEXTS_MAX);
      const abstemious = await get<TopicReply>('/api/study-tools/topics/abstemiousness');
      expect(abstemious.body.related).toContainEqual({ name: 'ABSTINENCE, TOTAL', title: 'Abstinence, Total', module: 'Nave' });
    });

    it('names the topics a search’s words name, as the AI finds them, and the AI’s passages are on that topic’s page', async () => {
      expect((await get<TopicMatchesReply>('/api/study-tools/topic-matches?q=forgiveness')).body.topics).toEqual([
        { name: 'FORGIVENESS', title: 'Forgiveness', module: 'Nave' },
      ]);
      expect((await get<TopicMatchesReply>('/api/study-tools/topic-matches?q=love%20your%20enemies')).body.topics.map((t) => t.name)).toEqual([
        'ENEMY',
        'LOVE',
      ]);
      expect((await get<TopicMatchesReply>('/api/study-tools/topic-matches?q=Prince%20of%20Peace')).body.topics.map((t) => t.name)).toEqual([
        'PRINCE OF PEACE',
        'PEACE',
      ]);
      expect((await get<TopicMatchesReply>('/api/study-tools/topic-matches?q=the%20help')).body.topics).toEqual([]);

      const ai = NaveTopics.open(findSwordModule('Nave', [SYSTEM])!);
      for (const word of ['enemies', 'tithing', 'jealous']) {
        const [topic] = ai.match([word]);
        const [shown] = (await get<TopicMatchesReply>(`/api/study-tools/topic-matches?q=${word}`)).body.topics;
        expect(shown!.name.toLowerCase(), word).toBe(topic!.name);
        const page = (await get<TopicReply>(`/api/study-tools/topics/${encodeURIComponent(shown!.name)}`)).body;
        const onPage = new Set(page.headings.flatMap((h) => [...h.references, ...h.items.flatMap((i) => i.references)]).map((r) => r.reference));
        // The AI joins neighbouring verses; each passage it quotes starts at a reference the page lists.
        for (const passage of topic!.passages)
          expect(
            [...onPage].some((r) => r.startsWith(passage.split('-')[0]!)),
            passage,
          ).toBe(true);
      }
    });

    it('refuses bad input with a message, never a 500', async () => {
      const bad = [
        ['/api/study-tools/topics?limit=101', /Limit must be a whole number from 1 to 100/],
        ['/api/study-tools/topics?limit=0', /Limit/],
        ['/api/study-tools/topics?limit=abc', /Limit/],
        ['/api/study-tools/topics?offset=-1', /Offset/],
        ['/api/study-tools/topics?offset=1e9', /Offset/],
        ['/api/study-tools/topics?letter=AB', /A letter is one of A to Z/],
        ['/api/study-tools/topics?letter=%C3%A9', /A letter/],
        [`/api/study-tools/topics?q=${'x'.repeat(101)}`, /at most 100/],
        ['/api/study-tools/topic-matches', /^Enter words to match\.$/],
        [`/api/study-tools/topic-matches?q=${'x'.repeat(201)}`, /too long/],
      ] as const;
      for (const [url, message] of bad) {
        const res = await get<TopicsReply>(url);
        expect(res.status, url).toBe(400);
        expect(res.body.message, url).toMatch(message);
      }
      for (const hostile of ['..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E', '%E2%80%AE', '(', '*', '%25']) {
        const res = await get<TopicReply>(`/api/study-tools/topics/${hostile}`);
        expect(res.status, hostile).toBe(404);
        expect(res.body.message, hostile).toMatch(/^No installed topical index has the topic/);
        const list = await get<TopicsReply>(`/api/study-tools/topics?q=${hostile}`);
        expect(list.status, hostile).toBe(200);
        expect((await get<TopicMatchesReply>(`/api/study-tools/topic-matches?q=${hostile}`)).status, hostile).toBe(200);
      }
      // The server refuses a NUL in an address before any route sees it.
      const nul = await get<TopicReply>('/api/study-tools/topics/a%00b');
      expect([nul.status, typeof nul.body.message]).toEqual([400, 'string']);
      expect((await get<TopicsReply>('/api/study-tools/topics?q=a%00b')).status).toBe(400);
      expect((await get<TopicReply>('/api/study-tools/topics/forgiveness?translation=NOPE')).body.translation).toBe('KJV');
      // A name past the contract's 100 characters is refused before it reaches the index (the server refuses a long path segment first).
      const long = await get<TopicReply>(`/api/study-tools/topics/${'x'.repeat(101)}`);
      expect([400, 414]).toContain(long.status);
      expect(long.body.message).toEqual(expect.any(String));
    });

    it('drops its topics once removed, without a restart', async () => {
      removeNave();
      expect((await get<TopicsReply>('/api/study-tools/topics')).body).toMatchObject({ topics: [], total: 0, installed: 0 });
      expect((await get<TopicReply>('/api/study-tools/topics/forgiveness')).status).toBe(404);
      installNave();
      expect((await get<TopicsReply>('/api/study-tools/topics')).body.total).toBe(5320);
    });
  });
});
