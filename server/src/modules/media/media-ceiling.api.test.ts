import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, pictures, sharedVerses } from '../../db/schema.ts';
import { LocalMediaStore } from '../../providers/storage/local-media-store.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { MediaFilesRepository } from './media-files.repository.ts';
import { RecordedMediaStore } from './recorded-media-store.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'selah-ceiling-'));
const root = join(dataDir, 'ceiling');
const HOUR = 60 * 60 * 1000;
const T0 = Date.parse('2026-03-01T12:00:00Z');
let app: Awaited<ReturnType<typeof startTestApp>>;
let clock = T0;

const bytes = Buffer.alloc(1000, 1);
const storeWith = (maxBytes: number) =>
  new RecordedMediaStore(new LocalMediaStore(root), new MediaFilesRepository(app.database.db), { maxBytes, graceMs: 0, now: () => clock });
const pictureRow = (id: string, kind: string) => ({
  id,
  kind,
  reference: 'John 3:16',
  translation: 'KJV',
  verseText: '',
  description: 'a picture',
  recipe: { seed: 1 },
  engine: 'test',
  imageKey: `pictures/${kind}-${id}.webp`,
  thumbnailKey: `pictures/${kind}-${id}-thumb.webp`,
  width: 1080,
  height: 1080,
  createdAt: new Date(T0 - HOUR),
});
const kept = async () => (await app.database.db.select({ key: mediaFiles.key }).from(mediaFiles)).map((r) => r.key).sort();
const onDisk = (key: string) => existsSync(join(root, key));

describe(`The ceiling on media kept (MEDIA_MAX_MB), on ${databaseKind()}`, () => {
  beforeAll(async () => {
    app = await startTestApp({ env: { DATA_DIR: dataDir, AUDIO_RATE_LIMIT: '50' } });
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records each file the app puts in the media store, with its size', async () => {
    const res = await app.server.inject({ method: 'POST', url: '/api/verse/audio', payload: { reference: 'Psalm 117:1', text: 'x', translation: 'KJV' } });
    expect(res.statusCode, res.body).toBe(200);
    const mp3 = res.json().audioUrl.slice('/media/'.length) as string;
    const [row] = await app.database.db.select().from(mediaFiles).where(eq(mediaFiles.key, mp3));
    const served = await app.server.inject(res.json().audioUrl);
    expect(row?.bytes).toBe(served.rawPayload.length);
    expect(await kept()).toEqual([mp3.replace(/\.mp3$/, '.json'), mp3]);

    // Removed by the ceiling, the passage is made again when next asked for.
    const ceiling = new RecordedMediaStore(new LocalMediaStore(join(dataDir, 'media')), new MediaFilesRepository(app.database.db), { maxBytes: 1, graceMs: 0 })
      .ceiling;
    expect((await ceiling.enforce()).removed.sort()).toEqual([mp3.replace(/\.mp3$/, '.json'), mp3]);
    expect((await app.server.inject(res.json().audioUrl)).statusCode).toBe(404);
    const before = app.audio.generations;
    const again = await app.server.inject({ method: 'POST', url: '/api/verse/audio', payload: { reference: 'Psalm 117:1', text: 'x', translation: 'KJV' } });
    expect(again.json()).toEqual(res.json());
    expect(app.audio.generations).toBe(before + 1);
    expect((await app.server.inject(res.json().audioUrl)).statusCode).toBe(200);
    await app.database.db.delete(mediaFiles);
  }, 60_000);

  it('removes the longest-unused audio and unreferenced pictures first, never a file a share, the gallery or a page uses', async () => {
    const store = storeWith(6_500);
    for (const row of [pictureRow('verse0001', 'verse'), pictureRow('shared001', 'card'), pictureRow('alone0001', 'card')]) {
      await app.database.db.insert(pictures).values(row);
      await store.put(row.imageKey, bytes, 'image/webp');
      await store.put(row.thumbnailKey, bytes, 'image/webp');
    }
    await app.database.db.insert(sharedVerses).values({
      shareCode: 'share00001',
      reference: 'John 3:16',
      translation: 'KJV',
      verseText: 'x',
      backgroundColor: '#000000',
      textColor: '#ffffff',
      fontStyle: 'classic',
      pictureId: 'shared001',
    });
    await store.put('pictures/verse-orphan01.webp', bytes, 'image/webp'); // its row was never saved
    await store.put('lesson/0123456789abcdef.webp', bytes, 'image/webp');
    await store.put('audio/kjv-ps-117-aaaaaaaa.mp3', bytes, 'audio/mpeg');
    clock = T0 + 30_000;
    await store.put('audio/kjv-ps-117-bbbbbbbb.mp3', bytes, 'audio/mpeg');
    await store.ceiling.idle();
    // The first audio is played again later: it is now the most recently used.
    clock = T0 + 2 * HOUR;
    expect((await store.stat('audio/kjv-ps-117-aaaaaaaa.mp3'))?.size).toBe(1000);

    const first = await store.ceiling.enforce();
    expect(first.removed.sort()).toEqual([
      'audio/kjv-ps-117-bbbbbbbb.mp3',
      'pictures/card-alone0001-thumb.webp',
      'pictures/card-alone0001.webp',
      'pictures/verse-orphan01.webp',
    ]);
    expect(first.totalBytes).toBe(6_000);
    expect(first.removed.map(onDisk)).toEqual([false, false, false, false]);
    expect(await app.database.db.select().from(pictures).where(eq(pictures.id, 'alone0001'))).toEqual([]);

    // Far over a tiny ceiling, only what nothing uses goes: the rest stays however full the store is.
    const tiny = await storeWith(1).ceiling.enforce();
    expect(tiny.removed).toEqual(['audio/kjv-ps-117-aaaaaaaa.mp3']);
    const inUse = [
      'lesson/0123456789abcdef.webp',
      'pictures/card-shared001-thumb.webp',
      'pictures/card-shared001.webp',
      'pictures/verse-verse0001-thumb.webp',
      'pictures/verse-verse0001.webp',
    ];
    expect(await kept()).toEqual(inUse);
    expect(inUse.map(onDisk)).toEqual([true, true, true, true, true]);
  });

  it('runs by itself after a put, and two processes running it at once remove each file once and nothing in use', async () => {
    await app.database.db.delete(mediaFiles);
    clock = T0 + 3 * HOUR;
    const a = storeWith(2_500);
    const b = storeWith(2_500);
    const audio = (round: number) => Array.from({ length: 6 }, (_, i) => `audio/kjv-john-${round}-${i}0000000.mp3`);
    for (const key of audio(1)) await b.put(key, bytes, 'audio/mpeg');
    await b.ceiling.idle();
    // b checked after its first put only (at most once a minute): still over.
    expect((await kept()).length).toBe(6);
    await a.put('lesson/fedcba9876543210.webp', bytes, 'image/webp');
    await a.ceiling.idle();
    expect(await kept()).toEqual(['audio/kjv-john-1-50000000.mp3', 'lesson/fedcba9876543210.webp']);

    for (const key of audio(2)) await b.put(key, bytes, 'audio/mpeg');
    const [one, two] = await Promise.all([a.ceiling.enforce(), b.ceiling.enforce()]);
    const removed = [...one.removed, ...two.removed];
    // Each file is claimed once; both may count the same total, so together they may remove more than needed.
    expect(new Set(removed).size).toBe(removed.length);
    const left = await kept();
    expect(left.length).toBeLessThanOrEqual(2);
    expect(removed.length).toBe(8 - left.length);
    expect(left).toContain('lesson/fedcba9876543210.webp');
    expect(onDisk('lesson/fedcba9876543210.webp')).toBe(true);
    expect(removed.map(onDisk).every((there) => !there)).toBe(true);
  });
});
