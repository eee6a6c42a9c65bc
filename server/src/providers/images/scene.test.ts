import { Resvg } from '@resvg/resvg-js';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { Rng } from './prng.ts';
import { chooseThemes, composeScene, sceneSvg } from './scene.ts';
import { scoreThemes } from './themes.ts';
import { kjvVerse } from '../../../test/kjv-text.ts';

const PSALM_23_1 = { reference: 'Psalm 23:1', text: kjvVerse('Psalms 23:1'), seed: 1 };

function wellFormed(xml: string): void {
  const parser = new SaxesParser();
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
}

describe('themes', () => {
  it('are read from the passage’s words', () => {
    expect(scoreThemes(kjvVerse('Psalms 23:1'))[0]?.id).toBe('pasture');
    expect(scoreThemes(kjvVerse('John 7:38'))[0]?.id).toBe('water');
    expect(scoreThemes(kjvVerse('Psalms 8:3'))[0]?.id).toBe('night');
    expect(scoreThemes('hills, the mountains and the rock')[0]?.id).toBe('mountains');
    expect(scoreThemes(kjvVerse('Psalms 119:105')).map((t) => t.id)).toEqual(expect.arrayContaining(['light', 'path']));
    expect(scoreThemes(kjvVerse('John 15:5'))[0]?.id).toBe('harvest');
    expect(scoreThemes(kjvVerse('Galatians 6:14'))[0]?.id).toBe('cross');
    expect(scoreThemes('peace and rest')[0]?.id).toBe('peace');
  });

  it('read other languages’ words, accents or not', () => {
    expect(scoreThemes('una lámpara en el camino')[0]?.id).toBe('path');
    expect(scoreThemes('el pastor y sus ovejas')[0]?.id).toBe('pasture');
    expect(scoreThemes('la lumière du matin')[0]?.id).toBe('light');
  });

  it('fall back to a quiet landscape when no word calls for one', () => {
    const themes = chooseThemes(kjvVerse('Genesis 5:21'), new Rng(7));
    expect(themes).toHaveLength(1);
    expect(['hope', 'light', 'peace', 'mountains', 'path']).toContain(themes[0]);
  });
});

describe('composeScene', () => {
  it('puts in what the words name', () => {
    const scene = composeScene(PSALM_23_1, { kind: 'chapter' });
    expect(scene.themes[0]).toBe('pasture');
    expect(scene.features).toContain('sheep');
    expect(scene.description).toMatch(/sheep/);
    const calvary = composeScene({ reference: 'Luke 23:33', text: 'there they crucified him', seed: 3 }, { kind: 'chapter' });
    expect(calvary.features.some((f) => f === 'cross' || f === 'crosses')).toBe(true);
    expect(calvary.palette.time).toBe('dusk');
  });

  it('is the same picture for the same passage and seed', () => {
    const a = composeScene(PSALM_23_1, { kind: 'verse' });
    const b = composeScene({ ...PSALM_23_1 }, { kind: 'verse' });
    expect(b.content).toBe(a.content);
    expect(b.description).toBe(a.description);
  });

  it('is another picture for another seed', () => {
    const seeds = Array.from({ length: 12 }, (_, seed) => composeScene({ ...PSALM_23_1, seed }, { kind: 'verse' }));
    expect(new Set(seeds.map((s) => s.content)).size).toBe(12);
    // Not only moved about: the light and colours change too.
    expect(new Set(seeds.map((s) => s.palette.id)).size).toBeGreaterThanOrEqual(3);
  });

  it('varies its compositions and palettes across passages and seeds', () => {
    const texts = [kjvVerse('Psalms 46:10'), 'the light of the world', 'a lamp for the feet', 'the stars of heaven', kjvVerse('1 Peter 2:24')];
    const scenes = texts.flatMap((text) => [1, 2, 3, 4].map((seed) => composeScene({ reference: 'X 1:1', text, seed }, { kind: 'chapter' })));
    expect(new Set(scenes.map((s) => s.land)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(scenes.map((s) => s.palette.id)).size).toBeGreaterThanOrEqual(6);
  });

  it('keeps the sun out of where the words go', () => {
    const keepClear = { x: 80, y: 200, w: 920, h: 380 };
    for (let seed = 0; seed < 40; seed++) {
      const { light, horizon } = composeScene({ reference: 'Psalm 19:1', text: 'The heavens declare the glory of God', seed }, { kind: 'verse', keepClear });
      const disc = { top: light.y - light.r, bottom: light.y + light.r };
      const clear = disc.bottom <= keepClear.y || disc.top >= keepClear.y + keepClear.h;
      expect(clear, `seed ${seed}`).toBe(true);
      expect(horizon).toBeGreaterThan(keepClear.y + keepClear.h);
    }
  });

  it('is a well-formed SVG that renders', () => {
    for (const kind of ['verse', 'chapter'] as const)
      for (let seed = 0; seed < 6; seed++) {
        const scene = composeScene({ reference: 'Isaiah 40:31', text: 'they shall mount up with wings as eagles; they shall walk', seed }, { kind });
        const svg = sceneSvg(scene);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        wellFormed(svg);
        const png = new Resvg(sceneSvg(scene, 108), { fitTo: { mode: 'width', value: 108 } }).render();
        expect(png.width).toBe(108);
      }
  });
});
