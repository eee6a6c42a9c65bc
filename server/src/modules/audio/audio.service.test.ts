import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { serviceDatabase } from '../../../test/service-database.ts';
import { refusal } from '../../../test/refusal.ts';
import { fixtureBible, fixtureTranslation, type FixtureVerse } from '../../../test/fixture-bible.ts';
import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import { createSpeechEngine } from '../../providers/speech/create-speech-engine.ts';
import type { SpeechEngine } from '../../providers/speech/speech-engine.ts';
import { LocalMediaStore } from '../../providers/storage/local-media-store.ts';
import { BibleService } from '../bible/bible.service.ts';
import type { LicensedReads } from '../bible/licensed-reads.ts';
import { AudioQuota } from './audio-quota.ts';
import { type AudioClient, AudioService } from './audio.service.ts';

// Chapter and verse audio with the embedded speech engine (flite), a media folder of its own, the real
// quota on PGlite and a small Bible.
const KJV: FixtureVerse[] = [
  ['John', 3, 16, 'For God so loved the world.'],
  ['John', 3, 17, 'For God sent not his Son into the world to condemn the world.'],
  ['Psalms', 22, 31, 'They shall come.'],
  ['Psalms', 23, 1, 'The LORD is my shepherd.'],
  ...Array.from({ length: 61 }, (_, i): FixtureVerse => ['Psalms', 119, i + 1, `Verse ${i + 1}.`]),
];
const { bible, store } = fixtureBible({ KJV });

/** An hour's worth of new passages for one address or account, in these tests. */
const PER_HOUR = 2;
let database: Database;
let folder: string;
let engine: SpeechEngine;
let audio: AudioService;
let addresses = 0;
/** A guest at an address of its own: each test starts with its hourly share unspent. */
const guest = (): AudioClient => ({ viewer: { kind: 'guest' }, address: `203.0.113.${++addresses}` });
const fileOf = (url: string) => join(folder, url.replace(/^\/media\//, ''));
const john3 = { book: 'John', chapter: 3, translation: 'KJV' };

beforeAll(async () => {
  database = await serviceDatabase();
  folder = mkdtempSync(join(tmpdir(), 'selah-audio-'));
  engine = createSpeechEngine({ speech: undefined });
  const quota = new AudioQuota(new Quota(new QuotaRepository(database.db), 'audio'), { perHour: PER_HOUR, perDay: 50, siteDaily: 1000 });
  audio = new AudioService(bible, engine, new LocalMediaStore(folder), quota);
}, 60_000);
afterAll(async () => {
  await engine?.close();
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  rmSync(join(folder, 'audio'), { recursive: true, force: true });
  await database.db.execute(sql`TRUNCATE quota_use`);
  store.put(fixtureTranslation('KJV', KJV));
});

describe('chapter audio', () => {
  it('reads the title, then each verse, with where each starts, and keeps both files', async () => {
    const before = audio.generations;
    const reply = await audio.chapterAudio(john3, guest());
    expect(audio.generations - before).toBe(1);
    expect(reply.audioUrl).toMatch(/^\/media\/audio\/kjv-john-3-[0-9a-f]{20}\.mp3$/);
    expect(reply.verses.map((v) => v.verse)).toEqual([0, 16, 17]);
    const starts = reply.verses.map((v) => v.start);
    expect(starts[0]).toBeLessThan(0.2);
    expect(starts[1]).toBeGreaterThan(starts[0]!);
    expect(starts[2]).toBeGreaterThan(starts[1]!);
    expect(reply.duration).toBeGreaterThan(starts[2]!);
    // The MP3 and its timings, as the next asker will read them.
    expect(readFileSync(fileOf(reply.audioUrl)).subarray(0, 3)).not.toEqual(Buffer.alloc(3));
    expect(JSON.parse(readFileSync(fileOf(reply.audioUrl).replace(/\.mp3$/, '.json'), 'utf8'))).toEqual({ duration: reply.duration, verses: reply.verses });
  });

  it('makes a passage once: the next asker gets the same file, uncounted, even past their limit', async () => {
    const first = await audio.chapterAudio(john3, guest());
    const spent = guest();
    await audio.chapterAudio({ ...john3, chapter: 23, book: 'Psalms' }, spent);
    await audio.verseAudio({ reference: 'Psalms 119:1', translation: 'KJV' }, spent);
    expect((await refusal(audio.verseAudio({ reference: 'Psalms 119:2', translation: 'KJV' }, spent))).status).toBe(429);
    const made = audio.generations;
    expect(await audio.chapterAudio(john3, spent)).toEqual(first);
    expect(audio.generations).toBe(made);
  });

  it('makes it again, under a new name, once its words change', async () => {
    const before = await audio.chapterAudio(john3, guest());
    store.put(
      fixtureTranslation(
        'KJV',
        KJV.map((v) => (v[2] === 16 && v[0] === 'John' ? ([...v.slice(0, 3), 'For God so loved the whole world.'] as FixtureVerse) : v)),
      ),
    );
    const made = audio.generations;
    const after = await audio.chapterAudio(john3, guest());
    expect(audio.generations).toBe(made + 1);
    expect(after.audioUrl).not.toBe(before.audioUrl);
    expect(after.audioUrl.slice(0, -25)).toBe(before.audioUrl.slice(0, -25));
  });

  it('makes a passage asked for twice at once only once, counted against one asker', async () => {
    const made = audio.generations;
    const [a, b] = [guest(), guest()];
    const [one, two] = await Promise.all([audio.chapterAudio(john3, a), audio.chapterAudio(john3, b)]);
    expect(two).toEqual(one);
    expect(audio.generations).toBe(made + 1);
    // The second asker's hour is untouched: two new passages still go through for them.
    await audio.verseAudio({ reference: 'Psalms 119:3', translation: 'KJV' }, b);
    await audio.verseAudio({ reference: 'Psalms 119:4', translation: 'KJV' }, b);
  });

  it('asks again on its own count when the passage it waited for was refused to the first asker', async () => {
    const spent = guest();
    await audio.verseAudio({ reference: 'Psalms 119:5', translation: 'KJV' }, spent);
    await audio.verseAudio({ reference: 'Psalms 119:6', translation: 'KJV' }, spent);
    const [refused, served] = await Promise.allSettled([audio.chapterAudio(john3, spent), audio.chapterAudio(john3, guest())]);
    expect(refused.status).toBe('rejected');
    expect(served).toMatchObject({ status: 'fulfilled', value: { verses: [{ verse: 0 }, { verse: 16 }, { verse: 17 }] } });
  });

  it('says when an hour’s share is spent, in the spec’s words', async () => {
    const spent = guest();
    await audio.verseAudio({ reference: 'Psalms 119:7', translation: 'KJV' }, spent);
    await audio.verseAudio({ reference: 'Psalms 119:8', translation: 'KJV' }, spent);
    const { status, message } = await refusal(audio.chapterAudio(john3, spent));
    expect(status).toBe(429);
    expect(message).toMatch(/^You have had 2 new passages read aloud in the last hour\. Please try again in \d+ minutes?\.$/);
  });

  it('makes again a passage whose timings file was spoiled, and replaces both files', async () => {
    const first = await audio.chapterAudio(john3, guest());
    const timings = fileOf(first.audioUrl).replace(/\.mp3$/, '.json');
    for (const spoiled of ['{"duration": 1', '{"duration":"long","verses":[]}']) {
      writeFileSync(timings, spoiled);
      const made = audio.generations;
      expect(await audio.chapterAudio(john3, guest())).toEqual(first);
      expect(audio.generations).toBe(made + 1);
    }
    // Either file missing: both are made again.
    for (const lost of [timings, fileOf(first.audioUrl)]) {
      rmSync(lost);
      const made = audio.generations;
      await audio.chapterAudio(john3, guest());
      expect(audio.generations).toBe(made + 1);
      expect(existsSync(lost)).toBe(true);
    }
  });

  it('refuses a chapter the translation lacks, and a licensed translation, with why', async () => {
    expect(await refusal(audio.chapterAudio({ ...john3, chapter: 4 }, guest()))).toEqual({
      status: 404,
      message: 'John 4 is not available in the KJV translation.',
    });
    expect(await refusal(audio.chapterAudio({ book: 'Genesis', chapter: 1, translation: 'KJV' }, guest()))).toEqual({
      status: 404,
      message: 'Genesis 1 is not available in the KJV translation.',
    });
    const licensed = new BibleService(store, {
      // API.Bible's catalogue as the reads see it: it lists NIV.
      get: (code: string) => (code === 'NIV' ? {} : undefined),
      catalogue: { onChange: () => {} },
    } as unknown as LicensedReads);
    const withLicensed = new AudioService(
      licensed,
      engine,
      new LocalMediaStore(folder),
      new AudioQuota(new Quota(new QuotaRepository(database.db), 'audio'), { perHour: 9, perDay: 9, siteDaily: 9 }),
    );
    expect(await refusal(withLicensed.chapterAudio({ ...john3, translation: 'NIV' }, guest()))).toEqual({
      status: 400,
      message: "Audio is not available for NIV: its publisher's terms allow it to be read on screen only.",
    });
  });
});

describe('pauses', () => {
  const [v16, v17] = KJV.slice(0, 2).map((v) => v[3]);
  const starts = (reply: { verses: { start: number }[] }) => reply.verses.map((v) => v.start);

  it('leaves a longer pause after the title of a chapter or a stored text than between verses', async () => {
    const chapter = await audio.chapterAudio(john3, guest());
    // The same words as a stored text (titled too): the same sound, the same starts.
    expect(starts(await audio.storedTextAudio('same-words', ['John, chapter 3.', v16!, v17!], guest()))).toEqual(starts(chapter));
    // Verses alone have no title: the second verse starts the difference of the two pauses (0.7 s and 0.35 s) sooner.
    const verses = starts(await audio.verseAudio({ reference: 'John 3:16-17', translation: 'KJV' }, guest()));
    const asStored = starts(await audio.storedTextAudio('two-verses', [v16!, v17!], guest()));
    expect(verses[0]).toBeCloseTo(asStored[0]!, 3);
    expect(asStored[1]! - verses[1]!).toBeCloseTo(0.35, 2);
  });
});

describe('verse audio', () => {
  it('reads the verses asked for, without a title, named by their span', async () => {
    const reply = await audio.verseAudio({ reference: 'John 3:16-17', translation: 'KJV' }, guest());
    expect(reply.audioUrl).toMatch(/^\/media\/audio\/kjv-john-3-16-3-17-[0-9a-f]{20}\.mp3$/);
    expect(reply.verses.map((v) => v.verse)).toEqual([16, 17]);
    expect(reply.verses[0]!.start).toBeLessThan(0.2);
    const across = await audio.verseAudio({ reference: 'Psalms 22:31-23:1', translation: 'KJV' }, guest());
    expect(across.audioUrl).toMatch(/\/kjv-ps-22-31-23-1-[0-9a-f]{20}\.mp3$/);
    expect(across.verses.map((v) => v.verse)).toEqual([31, 1]);
  });

  it('reads at most 60 verses, and says what is not in the translation', async () => {
    expect((await audio.verseAudio({ reference: 'Psalms 119:1-60', translation: 'KJV' }, guest())).verses).toHaveLength(60);
    expect(await refusal(audio.verseAudio({ reference: 'Psalms 119:1-61', translation: 'KJV' }, guest()))).toEqual({
      status: 400,
      message: 'Verse audio reads at most 60 verses: use Listen on the chapter for more.',
    });
    expect(await refusal(audio.verseAudio({ reference: ' John 3:1 ', translation: 'KJV' }, guest()))).toEqual({
      status: 404,
      message: 'John 3:1 is not in the KJV translation.',
    });
  });
});

describe('a stored text read aloud (the daily prayer)', () => {
  it('reads each part with its place, leaves out empty parts, and names the file from the name given', async () => {
    const reply = await audio.storedTextAudio('Prayer 2026-11-29!', ['Our Father.', ' ¶ ', 'Amen.'], guest());
    expect(reply.audioUrl).toMatch(/^\/media\/audio\/prayer2026-11-29-[0-9a-f]{20}\.mp3$/);
    expect(reply.verses.map((v) => v.verse)).toEqual([0, 2]);
    expect(await refusal(audio.storedTextAudio('prayer-empty', ['', '*'], guest()))).toEqual({ status: 400, message: 'No text available to generate audio' });
  });
});

describe('many passages at once', () => {
  it('makes eight at a time and tells the ninth asker the server is busy', async () => {
    const made = audio.generations;
    const replies = await Promise.allSettled(
      Array.from({ length: 9 }, (_, i) => audio.verseAudio({ reference: `Psalms 119:${i + 10}`, translation: 'KJV' }, guest())),
    );
    const refused = replies.filter((r) => r.status === 'rejected');
    // The ninth is refused before it is counted or spoken.
    expect(audio.generations).toBe(made + 8);
    expect(replies.filter((r) => r.status === 'fulfilled')).toHaveLength(8);
    expect(refused.map((r) => (r as PromiseRejectedResult).reason.message)).toEqual([
      'Audio is being made for many passages just now. Please try again in a minute.',
    ]);
  });
});
