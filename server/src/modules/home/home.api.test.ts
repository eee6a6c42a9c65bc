import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReference } from '#common/scripture/reference.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { DAILY_VERSES, dailyVerseReference } from '../daily/verse-of-the-day.ts';

it('picks one well-known verse per UTC day, the same all day, and every reference is valid', () => {
  const morning = new Date('2026-11-21T00:00:01Z');
  const night = new Date('2026-11-21T23:59:59Z');
  expect(dailyVerseReference(morning)).toBe(dailyVerseReference(night));
  expect(dailyVerseReference(new Date('2026-11-22T00:00:01Z'))).not.toBe(dailyVerseReference(morning));
  for (const reference of DAILY_VERSES) expect(parseReference(reference), reference).toBeDefined();
});

describe(`GET /api/homepage on ${databaseKind()}`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.stop());

  it("gives today's verse from the KJV in the store, with the reader's book name", async () => {
    const res = await app.server.inject('/api/homepage');
    expect(res.statusCode).toBe(200);
    const { verse } = res.json();
    const expected = dailyVerseReference(new Date());
    const range = parseReference(expected)!;
    expect(verse).toMatchObject({ book: range.book.name, chapter: range.chapter, verseNumber: range.verse, translation: 'KJV' });
    expect(verse.reference).toBe(`${range.book.name} ${range.chapter}:${range.verse}`);
    const chapter = (await app.server.inject(`/api/bible/content/${encodeURIComponent(range.book.name)}/${range.chapter}`)).json();
    expect(verse.verse).toBe(chapter.verses.find((v: { verse: number }) => v.verse === range.verse).text);
    expect(res.headers['cache-control']).toBe('public, max-age=1800');
  });
});
