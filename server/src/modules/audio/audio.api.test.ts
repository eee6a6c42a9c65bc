import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioReply } from '#common/contracts/audio.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { decodeMp3 } from '../../../test/mp3-check.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'selah-audio-'));
let app: Awaited<ReturnType<typeof startTestApp>>;

const post = (url: string, payload: unknown) => app.server.inject({ method: 'POST', url, payload: payload as object });
const chapterAudio = (book: string, chapter: number, translation = 'KJV', text = 'the chapter as shown') =>
  post('/api/bible/audio', { book, chapter, text, translation });
const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

describe(`Chapter and verse audio on the embedded engine, on ${databaseKind()}`, () => {
  let john3: AudioReply;
  let mp3: Buffer;
  beforeAll(async () => {
    app = await startTestApp({ env: { DATA_DIR: dataDir } });
    const res = await chapterAudio('John', 3);
    expect(res.statusCode, res.body).toBe(200);
    john3 = res.json();
    mp3 = (await get(john3.audioUrl)).rawPayload;
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the chapter into an MP3 whose length fits its words, with where each verse starts', async () => {
    expect(john3.audioUrl).toMatch(/^\/media\/audio\/kjv-john-3-[0-9a-f]{20}\.mp3$/);
    const decoded = await decodeMp3(mp3);
    expect(decoded).toMatchObject({ sampleRate: 16_000, mono: true, errors: 0 });
    expect(decoded.peak).toBeGreaterThan(0.1); // sound, not silence
    expect(Math.abs(decoded.seconds - john3.duration)).toBeLessThan(0.2);
    const text = app.bible.passageVerses(app.bible.translation('KJV'), app.bible.reference('John 3')).map((v) => v.text);
    const perMinute = words(text.join(' ')) / (john3.duration / 60);
    expect(perMinute).toBeGreaterThan(120);
    expect(perMinute).toBeLessThan(200);
    // The title, then the 36 verses in order, each after the one before.
    expect(john3.verses.map((v) => v.verse)).toEqual([0, ...Array.from({ length: 36 }, (_, i) => i + 1)]);
    for (let i = 1; i < john3.verses.length; i++) expect(john3.verses[i]!.start).toBeGreaterThan(john3.verses[i - 1]!.start + 0.5);
    expect(john3.verses.at(-1)!.start).toBeLessThan(john3.duration);
  });

  it('serves the file with its type, an ETag, a year of caching and byte ranges', async () => {
    const whole = await get(john3.audioUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'audio/mpeg', 'accept-ranges': 'bytes', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(Number(whole.headers['content-length'])).toBe(mp3.length);
    const etag = String(whole.headers.etag);
    expect((await get(john3.audioUrl, { 'if-none-match': etag })).statusCode).toBe(304);

    const part = await get(john3.audioUrl, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp3.length}`);
    expect(part.rawPayload.equals(mp3.subarray(100, 200))).toBe(true);
    const tail = await get(john3.audioUrl, { range: 'bytes=-50' });
    expect(tail.rawPayload.equals(mp3.subarray(mp3.length - 50))).toBe(true);
    const past = await get(john3.audioUrl, { range: `bytes=${mp3.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${mp3.length}`);
    // A Range for another version of the file gets the whole of this one.
    expect((await get(john3.audioUrl, { range: 'bytes=0-9', 'if-range': '"other"' })).statusCode).toBe(200);

    for (const path of ['/media/audio/nope-0123456789.mp3', '/media/audio/..%2F..%2Fsecret.mp3', '/media/x/y', '/media/audio/KJV-JOHN.mp3']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ message: 'This file is not here.' });
    }
  });

  it('makes a passage once: again from storage, and once for two asking at the same time', async () => {
    const before = app.audio.generations;
    const again = await chapterAudio('John', 3);
    expect(again.json()).toEqual(john3);
    expect(app.audio.generations).toBe(before);

    const [a, b] = await Promise.all([chapterAudio('Psalms', 117), chapterAudio('psalms', 117)]);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(app.audio.generations).toBe(before + 1);
    expect(readdirSync(join(dataDir, 'media/audio')).filter((f) => f.startsWith('kjv-ps-117-'))).toHaveLength(2); // sound and timings
    // A spoiled timings file is made again, not a 500.
    const spoiled = readdirSync(join(dataDir, 'media/audio')).find((f) => f.startsWith('kjv-ps-117-') && f.endsWith('.json'))!;
    writeFileSync(join(dataDir, 'media/audio', spoiled), '{not json');
    const remade = await chapterAudio('Psalms', 117);
    expect(remade.statusCode).toBe(200);
    expect(remade.json()).toEqual(a.json());
    expect(app.audio.generations).toBe(before + 2);
    // "Psalm 117." then its two verses.
    expect(a.json().verses.map((v: { verse: number }) => v.verse)).toEqual([0, 1, 2]);
  }, 60_000);

  it('reads a verse or a few, from the store’s text whatever the request says', async () => {
    const res = await post('/api/verse/audio', { reference: 'John 3:16', text: 'anything at all', translation: 'KJV' });
    expect(res.statusCode, res.body).toBe(200);
    const verse = res.json() as AudioReply;
    expect(verse.audioUrl).toMatch(/^\/media\/audio\/kjv-john-3-16-3-16-[0-9a-f]{20}\.mp3$/);
    expect(verse.verses).toEqual([{ verse: 16, start: expect.any(Number) }]);
    const decoded = await decodeMp3((await get(verse.audioUrl)).rawPayload);
    expect(decoded.errors).toBe(0);
    expect(decoded.seconds).toBeGreaterThan(4);
    expect(decoded.seconds).toBeLessThan(15);
    const two = (await post('/api/verse/audio', { reference: 'Psalm 23:1-2', text: 'x', translation: 'WEB' })).json();
    expect(two.verses.map((v: { verse: number }) => v.verse)).toEqual([1, 2]);
  }, 60_000);

  it('refuses what it cannot read with the spec’s words, and never a 500', async () => {
    const blank = await post('/api/bible/audio', { book: 'John', chapter: 3, text: '   ', translation: 'KJV' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'No text available to generate audio' });
    expect((await post('/api/bible/audio', { book: 'John', chapter: 3, translation: 'KJV' })).json()).toEqual({
      message: 'No text available to generate audio',
    });
    expect((await post('/api/verse/audio', { reference: 'John 3:16', text: '', translation: 'KJV' })).json()).toEqual({
      message: 'No text available to generate audio',
    });
    const missing = await chapterAudio('John', 99);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/John/);
    expect((await chapterAudio('Hezekiah', 1)).statusCode).toBe(404);
    expect((await chapterAudio('John', 3, 'NOPE')).json()).toEqual({ message: "Translation 'NOPE' not found." });
    expect((await chapterAudio('Tobit', 1)).statusCode).toBe(404);
    expect((await post('/api/verse/audio', { reference: 'banana', text: 'x', translation: 'KJV' })).statusCode).toBe(400);
    const long = await post('/api/verse/audio', { reference: 'Psalm 119', text: 'x', translation: 'KJV' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 60 verses/);
    for (const body of [
      null,
      [],
      { book: 'John', chapter: 'three', text: 'x', translation: 'KJV' },
      { book: 'John', chapter: 1e9, text: 'x', translation: 'KJV' },
    ]) {
      const res = await post('/api/bible/audio', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
