import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'selah-audio-quota-'));
let app: Awaited<ReturnType<typeof startTestApp>>;

const verse = (reference: string, address: string) =>
  app.server.inject({
    method: 'POST',
    url: '/api/verse/audio',
    headers: { 'x-forwarded-for': address },
    payload: { reference, text: 'the verse as shown', translation: 'KJV' },
  });

describe(`Audio limits per client and for the site, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    app = await startTestApp({ env: { DATA_DIR: dataDir, AUDIO_RATE_LIMIT: '2', AUDIO_DAILY_CAP: '3', AUDIO_SITE_DAILY_CAP: '4' } });
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets one address make only its hourly share of new audio, even asking all at once, and still plays what is made', async () => {
    const before = app.audio.generations;
    const spans = ['Psalm 117:1', 'Psalm 117:2', 'Psalm 117:1-2', 'Psalm 134:1'];
    const replies = await Promise.all(spans.map((s) => verse(s, '198.51.100.1')));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429]);
    expect(app.audio.generations).toBe(before + 2);
    const refused = replies.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: 'You have had 2 new passages read aloud in the last hour. Please try again in 60 minutes.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);

    // What is made is played again to the same address, and made nothing new.
    const made = spans[replies.findIndex((r) => r.statusCode === 200)]!;
    const again = await verse(made, '198.51.100.1');
    expect(again.statusCode, again.body).toBe(200);
    expect(app.audio.generations).toBe(before + 2);
  }, 120_000);

  it('plays a chapter someone else had made to an address past its limit; past the site’s daily cap no one makes new audio', async () => {
    const chapter = (address: string) =>
      app.server.inject({
        method: 'POST',
        url: '/api/bible/audio',
        headers: { 'x-forwarded-for': address },
        payload: { book: 'Psalms', chapter: 117, text: 'the chapter as shown', translation: 'KJV' },
      });
    const made = await chapter('198.51.100.2');
    expect(made.statusCode, made.body).toBe(200);
    const spent = await chapter('198.51.100.1');
    expect(spent.statusCode, spent.body).toBe(200);
    expect(spent.json()).toEqual(made.json());

    const fourth = await verse('Psalm 134:3', '198.51.100.3');
    expect(fourth.statusCode, fourth.body).toBe(200);
    const capped = await verse('Psalm 133:1', '198.51.100.4');
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({
      message: 'Selah has read as many new passages aloud as it can today. Audio already made still plays. Please come back tomorrow.',
    });
    expect((await verse('Psalm 134:3', '198.51.100.4')).statusCode).toBe(200);
  }, 120_000);
});
