import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioReply } from '#common/contracts/audio.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { decodeMp3 } from '../../../test/mp3-check.ts';
import { pagePolicy } from '../../http/security-headers.ts';
import { MediaFilesRepository } from '../../modules/media/media-files.repository.ts';
import { RecordedMediaStore } from '../../modules/media/recorded-media-store.ts';
import { S3MediaStore } from './s3-media-store.ts';

const BUCKET = 'selah-media';

describe('Media in an S3-compatible bucket (MEDIA_S3_*), against s3rver on loopback', () => {
  const dir = mkdtempSync(join(tmpdir(), 'selah-s3-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  let endpoint: string;
  let app: Awaited<ReturnType<typeof startTestApp>>;
  const env = () => ({
    MEDIA_S3_ENDPOINT: endpoint,
    MEDIA_S3_BUCKET: BUCKET,
    MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
    MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  beforeAll(async () => {
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    app = await startTestApp({ env: env() });
  });
  afterAll(async () => {
    await app?.stop();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the sound in the bucket and serves it through the app, with byte ranges', async () => {
    const res = await app.server.inject({ method: 'POST', url: '/api/bible/audio', payload: { book: 'Psalms', chapter: 117, text: 'x', translation: 'KJV' } });
    expect(res.statusCode, res.body).toBe(200);
    const audio = res.json() as AudioReply;
    expect(audio.audioUrl).toMatch(/^\/media\/audio\/kjv-ps-117-[0-9a-f]{20}\.mp3$/);
    const key = audio.audioUrl.slice('/media/'.length);
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head).toMatchObject({ ContentType: 'audio/mpeg', CacheControl: 'public, max-age=31536000, immutable' });

    const whole = await app.server.inject(audio.audioUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(head.ContentLength);
    expect(whole.headers.etag).toBe(head.ETag);
    expect((await decodeMp3(whole.rawPayload)).errors).toBe(0);
    const part = await app.server.inject({ url: audio.audioUrl, headers: { range: 'bytes=10-29' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 30))).toBe(true);
    expect((await app.server.inject('/media/audio/kjv-ps-118-00000000000000000000.mp3')).statusCode).toBe(404);

    // Asked again, it is found in the bucket, not made again.
    const before = app.audio.generations;
    expect(
      (await app.server.inject({ method: 'POST', url: '/api/bible/audio', payload: { book: 'Psalms', chapter: 117, text: 'x', translation: 'KJV' } })).json(),
    ).toEqual(audio);
    expect(app.audio.generations).toBe(before);
  }, 60_000);

  it('stores pictures in the bucket too: a verse visualization and its thumbnail, served through the app', async () => {
    const verseText = app.bible
      .passageVerses(app.bible.translation('KJV'), app.bible.reference('Psalm 117:1'))
      .map((v) => v.text)
      .join(' ');
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/verse-visualizations/generate',
      payload: { reference: 'Psalm 117:1', verseText, translation: 'KJV' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl, thumbnailUrl } = res.json() as { imageUrl: string; thumbnailUrl: string };
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    for (const url of [imageUrl, thumbnailUrl]) {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: url.slice('/media/'.length) }));
      expect(head.ContentType).toBe('image/webp');
      const served = await app.server.inject(url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBe(head.ContentLength);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
    // An admin's deletion removes both files from the bucket; deleting again is no error.
    const store = new S3MediaStore({ endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    for (const url of [imageUrl, thumbnailUrl]) {
      const key = url.slice('/media/'.length);
      await store.delete(key);
      await store.delete(key);
      expect(await store.stat(key)).toBeUndefined();
      expect((await app.server.inject(url)).statusCode).toBe(404);
    }
  }, 60_000);

  it('keeps the bucket under the media ceiling: unused audio goes, a lesson picture stays', async () => {
    const bucket = new S3MediaStore({ endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    const store = new RecordedMediaStore(bucket, new MediaFilesRepository(app.database.db), { maxBytes: 1, graceMs: 0 });
    await store.put('lesson/00112233445566778899aabbccddeeff.webp', Buffer.alloc(500, 1), 'image/webp');
    await store.ceiling.idle();
    const audio = (
      await app.server.inject({ method: 'POST', url: '/api/bible/audio', payload: { book: 'Psalms', chapter: 117, text: 'x', translation: 'KJV' } })
    ).json();
    const mp3 = audio.audioUrl.slice('/media/'.length) as string;
    expect(await bucket.stat(mp3)).toBeDefined();
    const { removed } = await store.ceiling.enforce();
    expect(removed.sort()).toEqual([mp3.replace(/\.mp3$/, '.json'), mp3]);
    expect(await bucket.stat(mp3)).toBeUndefined();
    expect(await bucket.stat(mp3.replace(/\.mp3$/, '.json'))).toBeUndefined();
    expect((await bucket.stat('lesson/00112233445566778899aabbccddeeff.webp'))?.size).toBe(500);
  });

  it('hands out the bucket’s public address when it has one, and lets pages play from it', async () => {
    const publicApp = await startTestApp({ env: { ...env(), MEDIA_S3_PUBLIC_URL: 'https://media.example.org/selah/' } });
    try {
      const res = await publicApp.server.inject({
        method: 'POST',
        url: '/api/bible/audio',
        payload: { book: 'Psalms', chapter: 117, text: 'x', translation: 'KJV' },
      });
      expect(res.json().audioUrl).toMatch(/^https:\/\/media\.example\.org\/selah\/audio\/kjv-ps-117-[0-9a-f]{20}\.mp3$/);
    } finally {
      await publicApp.stop();
    }
    expect(pagePolicy('<p></p>', { publicHttps: true, mediaOrigin: 'https://media.example.org' })).toContain(
      "media-src 'self' blob: https://media.example.org;",
    );
    expect(pagePolicy('<p></p>', { publicHttps: true, mediaOrigin: 'https://media.example.org' })).toContain(
      "img-src 'self' data: blob: https://media.example.org;",
    );
    expect(pagePolicy('<p></p>', { publicHttps: true })).toContain("media-src 'self' blob:;");
  });
  it('makes a bucket that is not there yet, once, however many processes start at once', async () => {
    const store = (name: string) => new S3MediaStore({ endpoint, bucket: name, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    const made = await Promise.all([store('selah-new').prepare(), store('selah-new').prepare(), store('selah-new').prepare()]);
    expect(made).toContain('created');
    expect(await store('selah-new').prepare()).toBe('ready');
    await store('selah-new').put('audio/0123456789abcdef.mp3', Buffer.from('ID3'), 'audio/mpeg');
    expect((await store('selah-new').stat('audio/0123456789abcdef.mp3'))?.size).toBe(3);
    expect(await store(BUCKET).prepare()).toBe('ready');
    // An app started on a new bucket makes it, and is ready.
    const fresh = await startTestApp({ env: { ...env(), MEDIA_S3_BUCKET: 'selah-fresh' } });
    try {
      expect((await fresh.server.inject('/api/ready')).json()).toEqual({ status: 'ready' });
      expect(await store('selah-fresh').prepare()).toBe('ready');
    } finally {
      await fresh.stop();
    }
  });
});
