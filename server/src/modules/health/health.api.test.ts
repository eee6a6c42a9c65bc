import { afterAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { freePort } from '../../../test/server-process.ts';

describe(`health and readiness on ${databaseKind()}`, () => {
  const apps: Awaited<ReturnType<typeof startTestApp>>[] = [];
  afterAll(async () => {
    for (const app of apps) await app.stop();
  });

  it('is alive and ready when the database, the media store and the Bible store answer', async () => {
    const app = await startTestApp();
    apps.push(app);
    const health = await app.server.inject('/api/health');
    expect(health.json()).toEqual({ status: 'ok', translations: 3, copying: 0 });
    const ready = await app.server.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is alive but not ready, naming what is down, when the media bucket does not answer', async () => {
    const closed = await freePort(); // nothing listens there: the bucket is down
    const app = await startTestApp({
      importDefaults: false,
      env: { MEDIA_S3_ENDPOINT: `http://127.0.0.1:${closed}`, MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'key', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' },
    });
    apps.push(app);
    expect((await app.server.inject('/api/health')).statusCode).toBe(200);
    const ready = await app.server.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: 'Not ready: the media store does not answer.' });
  });
});
