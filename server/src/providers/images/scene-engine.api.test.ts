import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createImageEngine } from './create-image-engine.ts';
import type { RenderedPicture } from './image-engine.ts';
import { renderInPool } from './scene-engine.ts';
import { workerPool } from '../../lib/worker-pool.ts';
import { kjvVerse } from '../../../test/kjv-text.ts';

// The real worker pool, as the server makes it: pictures are drawn in worker threads.
const engine = createImageEngine({});
const pool = workerPool(new URL('./picture.worker.ts', import.meta.url), { maxThreads: 1, maxQueue: 4 });
afterAll(async () => {
  await engine.close();
  await pool.destroy();
});

const JOHN_3_16 = kjvVerse('John 3:16');
// Letters of each script with their marks (the names of the letters, not a text): what the fonts must cover.
const GREEK = 'Ἄλφα βῆτα γάμμα δέλτα ἒ ψιλόν ζῆτα ἦτα θῆτα ἰῶτα κάππα λάμβδα μῦ νῦ ξῖ ὂ μικρόν πῖ ῥῶ σῖγμα ταῦ ὖ ψιλόν φῖ χῖ ψῖ ὦ μέγα.';
const HEBREW = 'אָלֶף בֵּית גִּימֶל דָּלֶת הֵא וָו זַיִן חֵית טֵית יוֹד כַּף לָמֶד מֵם נוּן סָמֶךְ עַיִן פֵּא צָדִי קוֹף רֵישׁ שִׁין תָּו׃';
const passage = (text = JOHN_3_16, seed = 1) => ({ reference: 'John 3:16', text, translation: 'KJV', seed });

async function expectWebp(picture: RenderedPicture): Promise<void> {
  expect(Buffer.isBuffer(picture.image)).toBe(true);
  const image = await sharp(picture.image).metadata();
  expect(image).toMatchObject({ format: 'webp', width: 1080, height: 1080 });
  expect([picture.width, picture.height]).toEqual([1080, 1080]);
  expect(picture.image.length).toBeLessThan(150 * 1024);
  const thumbnail = await sharp(picture.thumbnail).metadata();
  expect(thumbnail).toMatchObject({ format: 'webp', width: 400, height: 400 });
  expect(picture.description).toMatch(/^[A-Z].{20,}\.$/);
}

/** RGB pixels of a region of a picture. */
async function pixels(image: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<Buffer> {
  return sharp(image).extract(region).removeAlpha().raw().toBuffer();
}

/** A flat picture, as an image model's backdrop might be (here: a plain colour, to see the words on it). */
const backdrop = (colour: string, size = 1024) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe('the embedded picture engine', () => {
  it('names itself with a version', () => {
    expect(engine.id).toMatch(/^scene-v\d+$/);
  });

  it('draws a verse picture', async () => {
    const picture = await engine.versePicture(passage());
    await expectWebp(picture);
    expect(picture.description).toContain('John 3:16');
  });

  it('draws a chapter picture', async () => {
    const picture = await engine.chapterPicture({
      reference: 'Psalm 23',
      text: `${kjvVerse('Psalms 23:1')} ${kjvVerse('Psalms 23:2')}`,
      translation: 'KJV',
      seed: 4,
    });
    await expectWebp(picture);
    expect(picture.description).toMatch(/pasture|sheep|hills/);
  });

  it('draws a share card in each font style', async () => {
    for (const fontStyle of ['classic', 'modern', 'elegant', 'bold'] as const) {
      const picture = await engine.shareCard({ reference: 'John 3:16', text: JOHN_3_16, fontStyle, backgroundColor: '#881337', textColor: '#fdf2f8' });
      await expectWebp(picture);
      expect(picture.description).toMatch(/^John 3:16 set in .+ on deep rose\.$/);
    }
  });

  it('sets the card’s words in the card’s colours', async () => {
    const card = await engine.shareCard({
      reference: 'Psalm 23:1',
      text: kjvVerse('Psalms 23:1'),
      fontStyle: 'bold',
      backgroundColor: '#1a365d',
      textColor: '#ffffff',
    });
    const rgb = await pixels(card.image, { left: 0, top: 0, width: 1080, height: 1080 });
    let background = 0;
    let ink = 0;
    for (let i = 0; i < rgb.length; i += 3) {
      const [r, g, b] = [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
      if (Math.abs(r - 0x1a) < 8 && Math.abs(g - 0x36) < 8 && Math.abs(b - 0x5d) < 8) background++;
      if (r > 235 && g > 235 && b > 235) ink++;
    }
    const total = rgb.length / 3;
    expect(background / total).toBeGreaterThan(0.8);
    expect(ink / total).toBeGreaterThan(0.01);
  });

  it('sets the verse legibly on an outside picture, cropped to the square', async () => {
    const grey = await backdrop('#8a8f96', 1024);
    const wide = await sharp({ create: { width: 1792, height: 1024, channels: 3, background: '#8a8f96' } })
      .jpeg()
      .toBuffer();
    const one = await renderInPool(pool, { kind: 'verse', ...passage(), backdrop: grey, backdropDescription: 'A grey sky.' });
    const other = await renderInPool(pool, { kind: 'verse', ...passage('Jesus wept.'), backdrop: wide });
    await expectWebp(one);
    await expectWebp(other);
    expect(one.description).toMatch(/^A grey sky\. The words of John 3:16/);
    // The same backdrop with other words: the middle of the picture, where the words are, differs.
    const middle = { left: 140, top: 300, width: 800, height: 300 };
    const [a, b] = await Promise.all([pixels(one.image, middle), pixels(other.image, middle)]);
    let difference = 0;
    for (let i = 0; i < a.length; i++) difference += Math.abs(a[i]! - b[i]!);
    expect(difference / a.length).toBeGreaterThan(8);
    // And the words are far lighter or darker than what is around them.
    let extreme = 0;
    for (let i = 0; i < a.length; i += 3) if (a[i]! > 235 || a[i]! < 40) extreme++;
    expect(extreme / (a.length / 3)).toBeGreaterThan(0.03);
  });

  it('sets Greek and Hebrew', async () => {
    const greek = await engine.versePicture({
      reference: 'John 1:1',
      text: GREEK,
      translation: 'SBLGNT',
      seed: 1,
    });
    const hebrew = await engine.versePicture({ reference: 'Genesis 1:1', text: HEBREW, translation: 'WLC', seed: 1 });
    const card = await engine.shareCard({
      reference: 'Genesis 1:1',
      text: HEBREW.split(' ').slice(0, 3).join(' '),
      fontStyle: 'elegant',
      backgroundColor: '#374151',
      textColor: '#f9fafb',
    });
    for (const picture of [greek, hebrew, card]) await expectWebp(picture);
  });

  it('cuts a very long verse short rather than let it run off the picture', async () => {
    const long = Array.from({ length: 30 }, () => 'and unto every people after their language').join(', ');
    await expectWebp(await engine.versePicture(passage(long)));
    await expectWebp(await engine.shareCard({ reference: 'Esther 8:9', text: long, fontStyle: 'bold', backgroundColor: '#b45309', textColor: '#fffbeb' }));
  });

  it('draws the same picture for the same seed, and another for another seed', async () => {
    const [a, b, c] = await Promise.all([engine.versePicture(passage()), engine.versePicture(passage()), engine.versePicture(passage(JOHN_3_16, 2))]);
    expect(b.image.equals(a.image)).toBe(true);
    expect(c.image.equals(a.image)).toBe(false);
  });
});
