import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { mediaFiles, pictures, sharedVerses } from '../../db/schema.ts';
import { serviceDatabase } from '../../../test/service-database.ts';
import { LocalMediaStore } from '../../providers/storage/local-media-store.ts';
import { MediaFilesRepository } from './media-files.repository.ts';
import { RecordedMediaStore } from './recorded-media-store.ts';

// The media ceiling (MEDIA_MAX_MB) and the record of every generated file, with the real repository on
// PGlite, the real media folder and a clock the test moves.
let database: Database;
let files: MediaFilesRepository;
let folder: string;
let now: number;
const START = Date.UTC(2026, 10, 27, 12, 0, 0);
const MINUTE = 60_000;
const GRACE = 10 * MINUTE;
const errors: unknown[] = [];

beforeAll(async () => {
  database = await serviceDatabase();
  files = new MediaFilesRepository(database.db);
}, 60_000);
afterAll(() => database?.close());
beforeEach(async () => {
  now = START;
  errors.length = 0;
  await database.db.execute(sql`TRUNCATE media_file, shared_verse, picture CASCADE`);
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = mkdtempSync(join(tmpdir(), 'selah-media-service-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function media(options: { maxBytes?: number; touchEveryMs?: number; checkEveryMs?: number } = {}) {
  return new RecordedMediaStore(new LocalMediaStore(folder), files, {
    maxBytes: options.maxBytes ?? 1_000_000,
    touchEveryMs: options.touchEveryMs,
    checkEveryMs: options.checkEveryMs,
    now: () => now,
    onError: (error) => errors.push(error),
  });
}

const rows = async () =>
  (await database.db.select().from(mediaFiles).orderBy(mediaFiles.key)).map((r) => ({
    key: r.key,
    bytes: r.bytes,
    createdAt: r.createdAt.getTime() - START,
    lastUsedAt: r.lastUsedAt.getTime() - START,
  }));
const keys = async () => (await rows()).map((r) => r.key);
const bytes = (n: number) => Buffer.alloc(n, 7);

/** A picture row naming an image and a thumbnail (a card when `kind` is 'card'). */
async function pictureRow(id: string, kind: 'verse' | 'card', imageKey: string, thumbnailKey: string, createdAt = new Date(START)) {
  await database.db.insert(pictures).values({
    id,
    kind,
    reference: 'John 3:16',
    translation: 'KJV',
    verseText: 'For God so loved the world',
    description: 'a picture',
    recipe: {},
    engine: 'embedded',
    imageKey,
    thumbnailKey,
    width: 1080,
    height: 1080,
    createdAt,
  });
}

async function share(code: string, pictureId: string) {
  await database.db.insert(sharedVerses).values({
    shareCode: code,
    reference: 'John 3:16',
    translation: 'KJV',
    verseText: 'For God so loved the world',
    backgroundColor: '#1a365d',
    textColor: '#ffffff',
    fontStyle: 'classic',
    pictureId,
  });
}

describe('the record of generated media', () => {
  it('records each put with its size, and a put again with its new size, keeping when it was first made', async () => {
    const store = media();
    await store.put('audio/chapter-john-3.mp3', bytes(300), 'audio/mpeg');
    now = START + 5 * MINUTE;
    await store.put('audio/chapter-john-3.mp3', bytes(500), 'audio/mpeg');
    expect(await rows()).toEqual([{ key: 'audio/chapter-john-3.mp3', bytes: 500, createdAt: 0, lastUsedAt: 5 * MINUTE }]);
    expect(await files.totalBytes()).toBe(500);
    expect((await store.stat('audio/chapter-john-3.mp3'))?.size).toBe(500);
  });

  it('marks a file used when it is asked for, writing at most once in the interval, and records a file it did not know', async () => {
    const store = media({ touchEveryMs: 60 * MINUTE });
    await store.put('audio/chapter-john-3.mp3', bytes(100), 'audio/mpeg');
    now = START + 30 * MINUTE;
    await store.stat('audio/chapter-john-3.mp3');
    // Used half an hour after it was made: within the hour, not written again.
    expect((await rows())[0]!.lastUsedAt).toBe(0);
    // An hour on, the stored mark is not yet older than the hour; a moment later it is.
    now = START + 60 * MINUTE;
    await store.stat('audio/chapter-john-3.mp3');
    expect((await rows())[0]!.lastUsedAt).toBe(0);
    now = START + 61 * MINUTE;
    await store.stat('audio/chapter-john-3.mp3');
    expect((await rows())[0]!.lastUsedAt).toBe(0);
    const other = media({ touchEveryMs: 60 * MINUTE });
    await other.stat('audio/chapter-john-3.mp3');
    expect((await rows())[0]!.lastUsedAt).toBe(61 * MINUTE);
    // Another process's memory is its own: the table still writes only what is an hour stale.
    const third = media({ touchEveryMs: 60 * MINUTE });
    now = START + 90 * MINUTE;
    await third.stat('audio/chapter-john-3.mp3');
    expect((await rows())[0]!.lastUsedAt).toBe(61 * MINUTE);
    now = START + 122 * MINUTE;
    await other.stat('audio/chapter-john-3.mp3');
    expect((await rows())[0]!.lastUsedAt).toBe(122 * MINUTE);
    // A file made before the table kept records (put straight into the folder) is recorded when found.
    await new LocalMediaStore(folder).put('audio/older-file.mp3', bytes(42));
    await other.stat('audio/older-file.mp3');
    expect((await rows()).find((r) => r.key === 'audio/older-file.mp3')).toEqual({
      key: 'audio/older-file.mp3',
      bytes: 42,
      createdAt: 122 * MINUTE,
      lastUsedAt: 122 * MINUTE,
    });
    // A file that is not there is not recorded.
    expect(await other.stat('audio/not-there.mp3')).toBeUndefined();
    expect(await keys()).toEqual(['audio/chapter-john-3.mp3', 'audio/older-file.mp3']);
  });

  it('by default marks a file used at most once an hour', async () => {
    const store = new RecordedMediaStore(new LocalMediaStore(folder), files, { maxBytes: 1_000_000, now: () => now });
    await store.put('audio/chapter-john-3.mp3', bytes(10), 'audio/mpeg');
    now = START + 59 * MINUTE;
    await media().stat('audio/chapter-john-3.mp3');
    expect((await rows())[0]!.lastUsedAt).toBe(0);
    now = START + 61 * MINUTE;
    await media().stat('audio/chapter-john-3.mp3');
    expect((await rows())[0]!.lastUsedAt).toBe(61 * MINUTE);
  });

  it('reads a file, or a range of it, from the folder underneath', async () => {
    const store = media();
    await store.put('audio/chapter-john-3.mp3', Buffer.from('0123456789'), 'audio/mpeg');
    const read = async (range?: { start: number; end: number }) => {
      let text = '';
      for await (const chunk of await store.open('audio/chapter-john-3.mp3', range)) text += chunk;
      return text;
    };
    expect(await read()).toBe('0123456789');
    expect(await read({ start: 2, end: 4 })).toBe('234');
  });

  it('still serves a file when its mark of use cannot be written, and says why', async () => {
    await new LocalMediaStore(folder).put('audio/chapter-john-3.mp3', bytes(10));
    const broken = new MediaFilesRepository(database.db);
    broken.touch = () => Promise.reject(new Error('database gone'));
    const store = new RecordedMediaStore(new LocalMediaStore(folder), broken, { maxBytes: 1, now: () => now, onError: (e) => errors.push(e) });
    expect((await store.stat('audio/chapter-john-3.mp3'))?.size).toBe(10);
    expect(errors.map((e) => (e as Error).message)).toEqual(['database gone']);
    // With no one to tell, the file is served all the same.
    const untold = new RecordedMediaStore(new LocalMediaStore(folder), broken, { maxBytes: 1, now: () => now });
    expect((await untold.stat('audio/chapter-john-3.mp3'))?.size).toBe(10);
  });

  it('forgets a file deleted, and serves the same address and kind as the folder underneath', async () => {
    const store = media();
    await store.put('audio/chapter-john-3.mp3', bytes(10), 'audio/mpeg');
    await store.delete('audio/chapter-john-3.mp3');
    expect(await keys()).toEqual([]);
    expect(await store.stat('audio/chapter-john-3.mp3')).toBeUndefined();
    expect(store.url('audio/chapter-john-3.mp3')).toBe('/media/audio/chapter-john-3.mp3');
    expect(store.kind).toBe('local');
  });
});

describe('the media ceiling', () => {
  /** Files put at `START + minute`, each with its size; then the clock past the grace period. */
  async function putAll(store: RecordedMediaStore, list: [key: string, size: number, minute: number][]) {
    for (const [key, size, minute] of list) {
      now = START + minute * MINUTE;
      await store.put(key, bytes(size), key.endsWith('.mp3') ? 'audio/mpeg' : 'image/webp');
    }
    await store.ceiling.idle();
    now = START + 60 * MINUTE;
  }

  it('removes the audio used longest ago until the total is under the ceiling, and nothing while it is under', async () => {
    const store = media({ maxBytes: 250 });
    await putAll(store, [
      ['audio/aaaaaaaa.mp3', 100, 1],
      ['audio/bbbbbbbb.mp3', 100, 2],
      ['audio/cccccccc.mp3', 100, 3],
    ]);
    expect(await store.ceiling.enforce()).toEqual({ removed: ['audio/aaaaaaaa.mp3'], totalBytes: 200 });
    expect(await keys()).toEqual(['audio/bbbbbbbb.mp3', 'audio/cccccccc.mp3']);
    expect(await new LocalMediaStore(folder).stat('audio/aaaaaaaa.mp3')).toBeUndefined();
    expect(await new LocalMediaStore(folder).stat('audio/bbbbbbbb.mp3')).toBeDefined();
    // At the ceiling exactly is not over it.
    const exact = media({ maxBytes: 200 });
    expect(await exact.ceiling.enforce()).toEqual({ removed: [], totalBytes: 200 });
  });

  it('goes by last use, not by age: a file asked for lately stays', async () => {
    const store = media({ maxBytes: 100, touchEveryMs: 1 });
    await putAll(store, [
      ['audio/aaaaaaaa.mp3', 100, 1],
      ['audio/bbbbbbbb.mp3', 100, 2],
    ]);
    now = START + 61 * MINUTE;
    await store.stat('audio/aaaaaaaa.mp3');
    expect((await store.ceiling.enforce()).removed).toEqual(['audio/bbbbbbbb.mp3']);
  });

  it('never removes a file a picture names, a shared card, or another kind of media; removes an unshared card with its row', async () => {
    const store = media({ maxBytes: 0 });
    await putAll(store, [
      ['pictures/gallery1.webp', 10, 1],
      ['pictures/gallery1-t.webp', 10, 1],
      ['pictures/cardshared.webp', 10, 1],
      ['pictures/cardshared-t.webp', 10, 1],
      ['pictures/cardalone.webp', 10, 1],
      ['pictures/cardalone-t.webp', 10, 1],
      ['pictures/leftover.webp', 10, 1],
      ['lessons/heropicture.webp', 10, 1],
      ['audio/aaaaaaaa.mp3', 10, 1],
    ]);
    await pictureRow('gallery', 'verse', 'pictures/gallery1.webp', 'pictures/gallery1-t.webp');
    await pictureRow('shared', 'card', 'pictures/cardshared.webp', 'pictures/cardshared-t.webp');
    await share('SHARE1', 'shared');
    await pictureRow('alone', 'card', 'pictures/cardalone.webp', 'pictures/cardalone-t.webp');
    const { removed, totalBytes } = await store.ceiling.enforce();
    expect(removed.sort()).toEqual(['audio/aaaaaaaa.mp3', 'pictures/cardalone-t.webp', 'pictures/cardalone.webp', 'pictures/leftover.webp']);
    expect(totalBytes).toBe(50);
    expect(await keys()).toEqual([
      'lessons/heropicture.webp',
      'pictures/cardshared-t.webp',
      'pictures/cardshared.webp',
      'pictures/gallery1-t.webp',
      'pictures/gallery1.webp',
    ]);
    expect((await database.db.select({ id: pictures.id }).from(pictures).orderBy(pictures.id)).map((p) => p.id)).toEqual(['gallery', 'shared']);
    // Over, but everything left is in use: it stops rather than loop.
    expect(await store.ceiling.enforce()).toEqual({ removed: [], totalBytes: 50 });
  });

  it('leaves a file made within the last ten minutes (a picture may be about to name it), and a card made then', async () => {
    const store = media({ maxBytes: 0 });
    await putAll(store, [['pictures/cardalone.webp', 10, 0]]);
    await pictureRow('alone', 'card', 'pictures/cardalone.webp', 'pictures/cardalone-t.webp', new Date(START + 55 * MINUTE));
    now = START + 50 * MINUTE;
    await store.put('audio/aaaaaaaa.mp3', bytes(10), 'audio/mpeg');
    await store.put('pictures/leftover.webp', bytes(10), 'image/webp');
    await store.ceiling.idle();
    now = START + 50 * MINUTE + GRACE - 1;
    expect((await store.ceiling.enforce()).removed).toEqual([]);
    now = START + 50 * MINUTE + GRACE;
    expect((await store.ceiling.enforce()).removed.sort()).toEqual(['audio/aaaaaaaa.mp3', 'pictures/leftover.webp']);
    now = START + 55 * MINUTE + GRACE;
    expect((await store.ceiling.enforce()).removed.sort()).toEqual(['pictures/cardalone-t.webp', 'pictures/cardalone.webp']);
  });

  it('counts a card’s files as the table had them, when a row of them was lost', async () => {
    const store = media({ maxBytes: 0 });
    await putAll(store, [['pictures/cardalone.webp', 30, 1]]);
    await pictureRow('alone', 'card', 'pictures/cardalone.webp', 'pictures/cardalone-t.webp');
    expect(await store.ceiling.enforce()).toEqual({ removed: ['pictures/cardalone.webp', 'pictures/cardalone-t.webp'], totalBytes: 0 });
  });

  it('runs by itself after a put, at most once a minute in one process, and tells a failed run', async () => {
    const store = media({ maxBytes: 150 });
    await putAll(store, [['audio/aaaaaaaa.mp3', 100, 0]]);
    // Made long ago, so past the grace period when the next puts come.
    now = START + 60 * MINUTE;
    await store.put('audio/bbbbbbbb.mp3', bytes(100), 'audio/mpeg');
    await store.ceiling.idle();
    expect(await keys()).toEqual(['audio/bbbbbbbb.mp3']);
    // Within the minute, a put starts no check.
    await putAll(media({ maxBytes: 1_000_000 }), []);
    now = START + 60 * MINUTE + 10 * GRACE;
    await new LocalMediaStore(folder).put('audio/cccccccc.mp3', bytes(100));
    await files.record('audio/cccccccc.mp3', 100, new Date(START));
    now = START + 60 * MINUTE + MINUTE - 1;
    await store.put('audio/dddddddd.mp3', bytes(1), 'audio/mpeg');
    await store.ceiling.idle();
    expect(await keys()).toEqual(['audio/bbbbbbbb.mp3', 'audio/cccccccc.mp3', 'audio/dddddddd.mp3']);
    now = START + 61 * MINUTE;
    await store.put('audio/eeeeeeee.mp3', bytes(1), 'audio/mpeg');
    await store.ceiling.idle();
    expect(await keys()).toEqual(['audio/bbbbbbbb.mp3', 'audio/dddddddd.mp3', 'audio/eeeeeeee.mp3']);
    // A run that fails is told, and the next put tries again.
    const broken = new MediaFilesRepository(database.db);
    broken.totalBytes = () => Promise.reject(new Error('no total'));
    const failing = new RecordedMediaStore(new LocalMediaStore(folder), broken, { maxBytes: 0, now: () => now, onError: (e) => errors.push(e) });
    await failing.put('audio/ffffffff.mp3', bytes(1), 'audio/mpeg');
    await failing.ceiling.idle();
    expect(errors.map((e) => (e as Error).message)).toEqual(['no total']);
    // With no one to tell, a failed run is dropped, not left as an unhandled rejection.
    const untold = new RecordedMediaStore(new LocalMediaStore(folder), broken, { maxBytes: 0, now: () => now });
    await untold.put('audio/gggggggg.mp3', bytes(1), 'audio/mpeg');
    await untold.ceiling.idle();
  });

  it('goes on past its first hundred files when more must go', async () => {
    const store = media({ maxBytes: 0 });
    const many = Array.from({ length: 120 }, (_, i) => [`audio/file-${String(i).padStart(4, '0')}.mp3`, 1, 1] as [string, number, number]);
    await putAll(store, many);
    expect(await store.ceiling.enforce()).toMatchObject({ totalBytes: 0 });
    expect(await keys()).toEqual([]);
  });

  it('two processes enforcing at once remove what one would, each file once', async () => {
    const first = media({ maxBytes: 100 });
    const second = media({ maxBytes: 100 });
    await putAll(first, [
      ['audio/aaaaaaaa.mp3', 100, 1],
      ['audio/bbbbbbbb.mp3', 100, 2],
      ['audio/cccccccc.mp3', 100, 3],
    ]);
    const [a, b] = await Promise.all([first.ceiling.enforce(), second.ceiling.enforce()]);
    expect([...a.removed, ...b.removed].sort()).toEqual(['audio/aaaaaaaa.mp3', 'audio/bbbbbbbb.mp3']);
    expect(await keys()).toEqual(['audio/cccccccc.mp3']);
  });
});
