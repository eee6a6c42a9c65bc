import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponse } from '#common/contracts/bible.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;

async function search(params: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await app.server.inject({ method: 'GET', url: `/api/search?${qs}` });
  return { status: res.statusCode, body: res.json() as any };
}

function marked(hit: { text: string; matches: { start: number; end: number }[] }): string[] {
  return hit.matches.map((m) => hit.text.slice(m.start, m.end));
}

describe(`Search API on ${databaseKind()}`, () => {
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.stop());

  it('finds whole words and their forms, marks them, and counts every match', async () => {
    const { status, body } = await search({ q: 'love' });
    expect(status).toBe(200);
    expect(() => searchResponse.parse(body)).not.toThrow();
    expect(body.translation).toBe('KJV');
    expect(body.results).toHaveLength(20);
    const words = new Set<string>();
    for (let offset = 0; offset < body.total; offset += 100) {
      for (const hit of (await search({ q: 'love', limit: 100, offset })).body.results) {
        expect(marked(hit).length).toBeGreaterThan(0);
        for (const word of marked(hit)) words.add(word.toLowerCase());
      }
    }
    // The forms of love in KJV (its -eth and -est among them), and no other word: not "lovingkindness", not "beloved".
    expect([...words].sort()).toEqual(['love', 'loved', 'lovely', 'loves', 'lovest', 'loveth', 'loving']);
    expect(body.total).toBe(418);
  });

  it('ranks the verses where the word counts most first, not in reading order', async () => {
    const all: { verseId: string; matches: unknown[] }[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await search({ q: 'love', limit: 100, offset });
      all.push(...page.body.results);
      if (all.length >= page.body.total) break;
    }
    const counts = all.map((h) => h.matches.length);
    expect(counts[0]).toBe(Math.max(...counts));
    expect(counts[0]).toBeGreaterThan(2);
    expect(counts.at(-1)).toBe(1);
    expect(all[0]!.verseId).toBe('LUKE.6.32'); // "For if ye love them which love you …": love four times in a short verse
  });

  it('pages through results without overlap', async () => {
    const first = await search({ q: 'love', limit: 10, offset: 0 });
    const second = await search({ q: 'love', limit: 10, offset: 10 });
    expect(second.body.total).toBe(first.body.total);
    const ids = new Set(first.body.results.map((h: any) => h.verseId));
    for (const h of second.body.results) expect(ids.has(h.verseId)).toBe(false);
    const hundred = await search({ q: 'love', limit: 100 });
    expect(hundred.body.results.slice(0, 20).map((h: any) => h.verseId)).toEqual([...first.body.results, ...second.body.results].map((h: any) => h.verseId));
    const scores = hundred.body.results.map((h: any) => h.verseId);
    expect(new Set(scores).size).toBe(scores.length);
    const last = await search({ q: 'love', limit: 10, offset: first.body.total - 3 });
    expect(last.body.results).toHaveLength(3);
  });

  it('matches phrases in quotes in order, and prefixes with *', async () => {
    const phrase = await search({ q: '"in the beginning"' });
    expect(phrase.body.total).toBeGreaterThan(0);
    expect(phrase.body.results.map((h: any) => h.reference)).toContain('Genesis 1:1');
    for (const hit of phrase.body.results) expect(marked(hit).map((w) => w.toLowerCase())).toContain('in the beginning');
    const prefix = await search({ q: 'lov*', limit: 100 });
    const words = new Set(prefix.body.results.flatMap((h: any) => marked(h).map((w: string) => w.toLowerCase())));
    expect(words.has('loved')).toBe(true);
    expect([...words].every((w) => String(w).startsWith('lov'))).toBe(true);
    expect(prefix.body.total).toBeGreaterThan((await search({ q: 'love' })).body.total);
  });

  it('falls back to verses with any of the words when none has them all', async () => {
    const all = await search({ q: 'shepherd sheep' });
    expect(all.body.match).toBe('all');
    const any = await search({ q: 'shepherd xylophone' });
    expect(any.body.match).toBe('any');
    expect(any.body.total).toBe((await search({ q: 'shepherd' })).body.total);
  });

  it('offers the closest words of the translation itself when a word finds nothing, and only then', async () => {
    const typo = await search({ q: 'sheperd' });
    expect(typo.status).toBe(200);
    expect(() => searchResponse.parse(typo.body)).not.toThrow();
    expect(typo.body).toMatchObject({ total: 0, suggestion: 'shepherd' });
    const followed = await search({ q: typo.body.suggestion });
    // "shepherd" and "shepherds": 74 verses, as many as the plural finds.
    expect(followed.body.total).toBe(74);
    expect((await search({ q: 'shepherds' })).body.total).toBe(74);
    expect(followed.body).not.toHaveProperty('suggestion');
    // A word of the query: the rest is kept as typed, and the other words still find verses meanwhile.
    const one = await search({ q: 'good sheperd' });
    expect(one.body.match).toBe('any');
    expect(one.body.suggestion).toBe('good shepherd');
    expect((await search({ q: '"the good sheperd"' })).body.suggestion).toBe('"the good shepherd"');
    // Each translation's own words: WEB spells the name of God its own way.
    expect((await search({ q: 'Yahwe', translation: 'WEB' })).body.suggestion).toBe('Yahweh');
    expect((await search({ q: 'Yahwe', translation: 'KJV' })).body.suggestion).not.toBe('Yahweh');
    expect((await search({ q: 'Jerusalm' })).body.suggestion).toBe('Jerusalem');
    // Nothing near enough, a known word, a prefix, a reference: no suggestion.
    expect((await search({ q: 'xylophone' })).body).not.toHaveProperty('suggestion');
    expect((await search({ q: 'love' })).body).not.toHaveProperty('suggestion');
    expect((await search({ q: 'sheperd*' })).body).not.toHaveProperty('suggestion');
    expect((await search({ q: 'John 3:16' })).body).not.toHaveProperty('suggestion');
  });

  it('puts the passage first when the query is a reference', async () => {
    const verse = await search({ q: 'John 3:16' });
    expect(verse.body.passage).toMatchObject({ reference: 'John 3:16', book: 'John', chapter: 3, verse: 16 });
    expect(verse.body.passage.verses[0].text).toMatch(/^For God so loved/);
    const chapter = await search({ q: 'jn 3' });
    expect(chapter.body.passage).toMatchObject({ reference: 'John 3', verse: null });
    expect(chapter.body.passage.verses).toHaveLength(36);
    expect((await search({ q: 'love' })).body.passage).toBeNull();
  });

  it('filters by translation, book and testament', async () => {
    const web = await search({ q: 'Yahweh', translation: 'WEB', limit: 1 });
    expect(web.body.total).toBeGreaterThan(5000);
    expect((await search({ q: 'Yahweh', translation: 'KJV' })).body.total).toBe(0);
    const john = await search({ q: 'love', book: 'jn', limit: 100 });
    expect(john.body.results.every((h: any) => h.book === 'John')).toBe(true);
    expect(john.body.total).toBeLessThan(60);
    const nt = await search({ q: 'love', testament: 'NT', limit: 100 });
    const ot = await search({ q: 'love', testament: 'OT', limit: 100 });
    expect(nt.body.total + ot.body.total).toBe((await search({ q: 'love' })).body.total);
  });

  it("answers a reader's sentence by its content words: stop words neither match nor are marked", async () => {
    const { body } = await search({ q: 'God cares when I am afraid', limit: 100 });
    expect(() => searchResponse.parse(body)).not.toThrow();
    const words = body.results.flatMap((h: any) => marked(h).map((w: string) => w.toLowerCase()));
    expect(words.filter((w: string) => /\b(i|am|when)\b/.test(w))).toEqual([]);
    expect(words).toContain('afraid');
    // Verses with two of its three words come first; then those saying "am afraid" as the reader did.
    expect(body.results[0].reference).toBe('1 Chronicles 13:12');
    expect(marked(body.results[0])).toEqual(['afraid', 'God', 'God']);
    expect(body.results[1].reference).toBe('Psalms 56:3');
    expect(marked(body.results[1])).toEqual(['afraid']);
    expect(body.results.slice(0, 6).map((h: any) => marked(h))).toContainEqual(['God careth', 'God']);
    // No KJV verse has God, a form of care and afraid together, so the reply counts the verses with any
    // of the three (and says so): each word's verses, less those counted twice. Not 10,985.
    expect(body.match).toBe('any');
    const count = async (q: string) => (await search({ q, limit: 1 })).body.total as number;
    expect([await count('God'), await count('cares'), await count('afraid')]).toEqual([4076, 46, 189]);
    expect([await count('God afraid'), await count('God cares'), await count('cares afraid')]).toEqual([27, 12, 235]);
    expect(body.total).toBe(4076 + 46 + 189 - 27 - 12);
    // With every content word in some verse, the count is of those verses alone.
    expect(await count('God cares for me')).toBe(12);
  });

  it('ranks the verses that have a stop word where it was typed, beside the word, first: "only begotten" finds John before Job', async () => {
    const { body } = await search({ q: 'only begotten', limit: 6 });
    // "only" is not searched for, so every verse with "begotten" is a match…
    expect(body.total).toBe((await search({ q: 'begotten', limit: 1 })).body.total);
    // …but the six saying "only begotten" come first, and only "begotten" is marked.
    expect(body.results.map((h: any) => h.reference).sort()).toEqual(['1 John 4:9', 'Hebrews 11:17', 'John 1:14', 'John 1:18', 'John 3:16', 'John 3:18']);
    expect(body.results.map((h: any) => marked(h).join(' ').toLowerCase())).toEqual(Array(6).fill('begotten'));
  });

  it('reads ordinary words for their meaning first: verses found with the words standing for them, counted plainly, only the words asked marked', async () => {
    const { status, body } = await search({ q: 'God cares when I am afraid' });
    expect(status).toBe(200);
    expect(() => searchResponse.parse(body)).not.toThrow();
    // The KJV's word for WEB's "afraid", learned from the two texts side by side.
    expect(body.meaning.related).toContain('fear');
    expect(body.meaning.results).toHaveLength(5);
    // No verse has God, care and afraid; 4,272 have one of them (the word matches below are those).
    expect(body.counts).toEqual({ all: 0, some: 4272 });
    expect(body.total).toBe(4272);
    // The words asked, in their forms ("godly", "careth"): never "fear".
    const asked = /^(god\w*|car\w*|afraid)$/i;
    for (const hit of body.meaning.results) for (const word of marked(hit)) expect(word).toMatch(asked);
    // A verse may be there for a stand-in alone: it has "fear" or "care" but no word marked as if asked.
    const texts = body.meaning.results.map((h: { text: string }) => h.text.toLowerCase());
    expect(texts.some((t: string) => /\bfear/.test(t) && !/\bafraid\b/.test(t))).toBe(true);

    const gossip = (await search({ q: 'gossip' })).body;
    expect(gossip.total).toBe(0);
    expect(gossip.counts).toEqual({ all: 0, some: 0 });
    expect(gossip.meaning.related).toEqual(['talebearer']);
    expect(gossip.meaning.results.map((h: { reference: string }) => h.reference)).toContain('Proverbs 11:13');
    expect(gossip.meaning.results.every((h: { matches: unknown[] }) => h.matches.length === 0)).toBe(true);
    // A word's irregular form stands in for it: "And Peter went out, and wept bitterly."
    const wept = (await search({ q: 'Peter weep' })).body;
    expect(wept.meaning.related).toContain('wept');
    expect(
      wept.meaning.results
        .slice(0, 2)
        .map((h: { reference: string }) => h.reference)
        .sort(),
    ).toEqual(['Luke 22:62', 'Matthew 26:75']);
  });

  it('keeps a reference, a phrase, a prefix and later pages to their letters: no meaning section', async () => {
    for (const q of ['John 3:16', '"fear not"', 'afrai*', 'G26']) {
      const { status, body } = await search({ q });
      expect(status).toBe(200);
      expect(body.meaning).toBeUndefined();
      expect(body.counts).toBeUndefined();
    }
    expect((await search({ q: 'afraid', offset: 20 })).body.meaning).toBeUndefined();
    // One word nothing stands in for but its own forms ("begotten"): the word matches are the same verses, so no section repeats them.
    expect((await search({ q: 'begat' })).body.meaning).toBeUndefined();
    // Filters hold for the meaning section too.
    const inPsalms = (await search({ q: 'afraid', book: 'Psalms' })).body;
    expect(inPsalms.meaning.results.every((h: { book: string }) => h.book === 'Psalms')).toBe(true);
    expect(inPsalms.counts.all).toBe(inPsalms.total);
  });

  it('rejects empty, blank and over-long queries and bad filters with a message', async () => {
    expect(await search({ q: '' })).toMatchObject({ status: 400, body: { message: 'Enter a word, phrase or reference to search for.' } });
    expect(await search({ q: '   ' })).toMatchObject({ status: 400, body: { message: 'Enter a word, phrase or reference to search for.' } });
    const missing = await app.server.inject({ method: 'GET', url: '/api/search' });
    expect(missing.statusCode).toBe(400);
    expect(await search({ q: 'a'.repeat(201) })).toMatchObject({ status: 400, body: { message: 'Search text is too long: use at most 200 characters.' } });
    expect(await search({ q: 'love', translation: 'NOPE' })).toMatchObject({ status: 404, body: { message: "Translation 'NOPE' not found." } });
    expect(await search({ q: 'love', book: 'Hezekiah' })).toMatchObject({ status: 400, body: { message: "Book 'Hezekiah' not found." } });
    expect(await search({ q: 'love', testament: 'XX' })).toMatchObject({ status: 400, body: { message: 'Testament must be OT, NT or DC.' } });
    expect((await search({ q: 'love', limit: 1000 })).status).toBe(400);
    expect((await search({ q: 'love', offset: -1 })).status).toBe(400);
  });
});
