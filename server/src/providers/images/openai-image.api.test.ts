import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryImage, VerseVisualization } from '#common/contracts/pictures.ts';
import { SHARE_PRESETS } from '#common/pictures/rules.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { startImageServer } from '../../../test/image-server.ts';
import { startOpenAiServer } from '../../../test/openai-server.ts';

let images: Awaited<ReturnType<typeof startImageServer>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let ip = 0;
// Each call from its own address, so the per-address limits stay out of the way.
const post = (url: string, payload: object) => app.server.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': `10.9.0.${++ip}` } });
const verseText = () =>
  app.bible
    .passageVerses(app.bible.translation('KJV'), app.bible.reference('Psalm 23:1'))
    .map((v) => v.text)
    .join(' ');

/** How much of a picture is the stand-in's teal (20, 120, 130), give or take the WebP's rounding. */
async function shareOfTeal(bytes: Buffer): Promise<number> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let teal = 0;
  for (let i = 0; i < data.length; i += 3) if (Math.abs(data[i]! - 20) + Math.abs(data[i + 1]! - 120) + Math.abs(data[i + 2]! - 130) < 45) teal++;
  return teal / (info.width * info.height);
}

describe('Pictures painted by an OpenAI-compatible image service (IMAGE_*), against a stand-in on loopback', () => {
  beforeAll(async () => {
    images = await startImageServer();
    app = await startTestApp({ env: { IMAGE_BASE_URL: images.url, IMAGE_MODEL: 'painter-1', IMAGE_API_KEY: 'sk-pictures' } });
  });
  afterAll(async () => {
    await app?.stop();
    await images?.close();
  });

  it('asks for a backdrop of the passage’s scene, never its words, and sets the verse on it itself', async () => {
    const res = await post('/api/verse-visualizations/generate', { reference: 'Psalm 23:1', verseText: verseText(), translation: 'KJV' });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json() as VerseVisualization;
    const request = images.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-pictures');
    expect(request.body).toMatchObject({ model: 'painter-1', n: 1, size: '1024x1024', response_format: 'b64_json' });
    expect(request.body.prompt).toMatch(/pasture|sheep|shepherd/i);
    expect(request.body.prompt).toContain('No text');
    expect(request.body.prompt).not.toContain(verseText().slice(-20));
    expect(made.description).toMatch(/sheep|pasture|shepherd/i);

    const picture = (await app.server.inject({ method: 'GET', url: made.imageUrl })).rawPayload;
    expect(await sharp(picture).metadata()).toMatchObject({ format: 'webp', width: 1080, height: 1080 });
    // Most of the picture is the service's teal backdrop; the panel with the words is not.
    expect(await shareOfTeal(picture)).toBeGreaterThan(0.5);
    expect(await shareOfTeal(picture)).toBeLessThan(0.97);
  });

  it('follows a picture address on the service itself, and no other', async () => {
    images.state.mode = 'own-url';
    const own = await post('/api/gallery/generate', { bibleReference: 'Psalm 23', translation: 'KJV' });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as GalleryImage).width).toBe(1080);
    images.state.mode = 'foreign-url';
    const foreign = await post('/api/gallery/generate', { bibleReference: 'Psalm 23', translation: 'KJV' });
    expect(foreign.statusCode).toBe(502);
    expect(foreign.json().message).toBe('The image service answered with a picture on another host.');
  });

  it('says the service failed when it errs or answers with no picture, and keeps nothing', async () => {
    const before = ((await app.server.inject({ method: 'GET', url: '/api/gallery?reference=Psalm%2023' })).json() as GalleryImage[]).length;
    images.state.mode = 'failing';
    const failing = await post('/api/gallery/generate', { bibleReference: 'Psalm 23', translation: 'KJV' });
    expect(failing.statusCode).toBe(502);
    expect(failing.json().message).toBe('The image service refused the request (HTTP 500).');
    images.state.mode = 'not-a-picture';
    const broken = await post('/api/gallery/generate', { bibleReference: 'Psalm 23', translation: 'KJV' });
    expect(broken.statusCode).toBe(502);
    expect(broken.json().message).toBe('The image service answered with a picture that cannot be read.');
    const after = ((await app.server.inject({ method: 'GET', url: '/api/gallery?reference=Psalm%2023' })).json() as GalleryImage[]).length;
    expect(after).toBe(before);
    images.state.mode = 'b64';
  });

  it('makes share cards with its own renderer, without asking the service', async () => {
    const asked = images.requests.length;
    const [gold] = SHARE_PRESETS.filter((p) => p.name === 'Warm Gold');
    const res = await post('/api/shared-verses/generate-graphic', {
      verseText: verseText(),
      reference: 'Psalm 23:1',
      translation: 'KJV',
      fontStyle: 'bold',
      backgroundColor: gold!.background,
      textColor: gold!.text,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(images.requests.length).toBe(asked);
  });
});

describe('The backdrop’s prompt, written by the language model when one is configured (AI_*)', () => {
  it('asks the model for the scene and paints what it describes; a failing model leaves the template', async () => {
    const images = await startImageServer();
    let failing = false;
    const chat = await startOpenAiServer(() =>
      failing ? { status: 500 } : { text: 'A quiet harbour at first light, fishing boats resting on glassy water.' },
    );
    const app = await startTestApp({ env: { IMAGE_BASE_URL: images.url, IMAGE_MODEL: 'painter-1', AI_BASE_URL: chat.url, AI_MODEL: 'writer-1' } });
    try {
      const chapter = (ip: string) =>
        app.server.inject({
          method: 'POST',
          url: '/api/gallery/generate',
          payload: { bibleReference: 'Psalm 23', translation: 'KJV' },
          headers: { 'x-forwarded-for': ip },
        });
      const res = await chapter('10.8.0.1');
      expect(res.statusCode, res.body).toBe(200);
      // The model was given the passage, and its scene is what the image service was asked for.
      expect(
        chat.requests
          .at(-1)!
          .body.messages.map((m) => m.content)
          .join(' '),
      ).toContain('Psalms 23');
      expect(images.requests.at(-1)!.body.prompt).toMatch(/^A quiet harbour at first light, fishing boats resting on glassy water\. /);
      expect(images.requests.at(-1)!.body.prompt).toContain('No text');
      expect((res.json() as GalleryImage).description).toBe('A quiet harbour at first light, fishing boats resting on glassy water.');

      failing = true;
      const fallback = await chapter('10.8.0.2');
      expect(fallback.statusCode, fallback.body).toBe(200);
      expect(images.requests.at(-1)!.body.prompt).toMatch(/pasture|sheep|shepherd/i);
    } finally {
      await app.stop();
      await chat.stop();
      await images.close();
    }
  }, 60_000);
});
