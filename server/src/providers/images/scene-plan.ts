import { type Palette, PALETTES, palettesAt } from './palettes.ts';
import type { Rng } from './prng.ts';
import { type Box, type Celestial, overlaps } from './scene-sky.ts';
import { SIZE } from './svg.ts';
import { DEFAULT_THEME, scoreThemes, type ThemeId, themeById } from './themes.ts';

/** What lies between the sky and the viewer: the scene's main composition. */
export type Land = 'hills' | 'mountains' | 'sea' | 'lake' | 'path' | 'river' | 'field';

/** Things set into the landscape, each said in the description. */
export type Feature =
  'rays' | 'sheep' | 'shepherd' | 'lone-tree' | 'trees' | 'wheat' | 'cross' | 'crosses' | 'city' | 'dove' | 'eagle' | 'birds' | 'embers' | 'milky-way';

export interface SceneOptions {
  /** A verse picture keeps its land low, under the words; a chapter picture is all scene. */
  kind: 'verse' | 'chapter';
  /** Where words will be set: suns, doves and crosses keep out of it. */
  keepClear?: Box;
}

/** Every choice about a scene, made before anything is drawn. */
export interface ScenePlan {
  themes: ThemeId[];
  palette: Palette;
  land: Land;
  features: Set<Feature>;
  horizon: number;
  light: Celestial;
}

/** Themes beyond the main one that may add their signature element to the scene. */
const MAX_EXTRA_THEMES = 2;
/** When nothing in the words calls for a scene, one of these quiet ones. */
const QUIET_THEMES: readonly ThemeId[] = [DEFAULT_THEME, 'light', 'peace', 'mountains', 'path'];
export const FIRE = /\b(fire|flame|burn|fuego|llama|feu|feuer|tongues)/i;

/**
 * The passage's themes in the order they shape the scene. When two themes are nearly as strong, the
 * seed may lead with either: that is most of what makes another seed look like another picture.
 */
export function chooseThemes(text: string, rng: Rng): ThemeId[] {
  const scores = scoreThemes(text);
  if (scores.length === 0) return [rng.pick(QUIET_THEMES)];
  const ids = scores.map((s) => s.id);
  if (scores.length > 1 && scores[1]!.score >= scores[0]!.score * 0.75 && rng.chance(0.4)) [ids[0], ids[1]] = [ids[1]!, ids[0]!];
  return ids.slice(0, 1 + MAX_EXTRA_THEMES);
}

const LANDS: Record<ThemeId, readonly Land[]> = {
  light: ['hills', 'hills', 'mountains', 'sea', 'path'],
  water: ['sea', 'lake', 'river'],
  pasture: ['hills'],
  night: ['mountains', 'hills', 'lake', 'sea'],
  mountains: ['mountains', 'mountains', 'lake'],
  path: ['path'],
  harvest: ['field'],
  peace: ['lake', 'hills', 'sea', 'lake'],
  cross: ['hills'],
  spirit: ['hills', 'sea', 'mountains'],
  city: ['hills', 'path'],
  hope: ['sea', 'hills', 'lake', 'path', 'mountains'],
};

function chooseLand(primary: ThemeId, others: readonly ThemeId[], words: string, rng: Rng): Land {
  if (primary === 'water') {
    if (/\b(river|stream|rio|fleuve|fluss)/i.test(words)) return 'river';
    if (/\b(sea|seas|waves?|boat|ship|mar|mer|meer)\b/i.test(words)) return 'sea';
  }
  const land = rng.pick(LANDS[primary]);
  // A second theme can ask for its own ground, if the first did not need a particular one.
  if (land === 'hills' && primary !== 'pasture' && primary !== 'cross') {
    if (others.includes('path')) return 'path';
    if (others.includes('water')) return 'lake';
    if (others.includes('harvest')) return 'field';
  }
  return land;
}

function chooseFeatures(themes: readonly ThemeId[], land: Land, time: Palette['time'], words: string, rng: Rng): Set<Feature> {
  const f = new Set<Feature>();
  const grassy = land !== 'sea' && land !== 'field';
  for (const theme of themes) {
    switch (theme) {
      case 'light':
        if (time !== 'night') f.add('rays');
        break;
      case 'pasture':
        if (grassy) f.add('sheep');
        if (theme === themes[0] && rng.chance(0.55)) f.add('shepherd');
        if (rng.chance(0.5)) f.add('lone-tree');
        break;
      case 'harvest':
        if (land === 'field') f.add('wheat');
        if (land !== 'sea') f.add(rng.chance(0.5) ? 'trees' : 'lone-tree');
        break;
      case 'cross':
        // Three crosses need a broad hill; the sea's shore is a corner.
        f.add(land !== 'sea' && rng.chance(0.35) ? 'crosses' : 'cross');
        break;
      case 'city':
        f.add('city');
        break;
      case 'spirit':
        f.add(FIRE.test(words) ? 'embers' : 'dove');
        break;
      case 'mountains':
        if (/\b(eagles?|wings|aguilas?|aigles?|adler)\b/i.test(words)) f.add('eagle');
        break;
      case 'path':
        if (land !== 'path' && land !== 'sea') f.add('trees');
        break;
      case 'night':
        if (time === 'night' && rng.chance(0.6)) f.add('milky-way');
        break;
      case 'peace':
      case 'hope':
        if (time !== 'night' && rng.chance(0.6)) f.add('birds');
        break;
      case 'water':
        break;
    }
  }
  if (land === 'path' && !f.has('trees') && rng.chance(0.6)) f.add('trees');
  if (f.has('crosses') || f.has('cross')) f.delete('lone-tree');
  return f;
}

function lightRadius(rng: Rng, time: Palette['time']): number {
  if (time === 'night') return rng.range(32, 46);
  return time === 'day' ? rng.range(30, 40) : rng.range(40, 58);
}

/**
 * Where the sun or moon goes. A rising or setting sun sits on the horizon; a day sun and the moon are
 * high. None of them may shine through the words: then the body goes above them if there is room,
 * else just below the horizon, where only its glow shows.
 */
function placeLight(rng: Rng, palette: Palette, r: number, sink: number, horizon: number, options: SceneOptions): Celestial {
  const moon = palette.time === 'night';
  const x = rng.range(200, SIZE - 200);
  let y: number;
  if (moon || palette.time === 'day') y = horizon * rng.range(0.22, 0.45);
  else y = options.kind === 'chapter' ? horizon - rng.range(-r * 0.4, 90) : horizon - r * sink;
  const body: Celestial = { kind: moon ? 'moon' : 'sun', x, y, r };
  const keep = options.keepClear;
  if (!keep || !overlaps({ x: x - r * 1.1, y: y - r * 1.1, w: r * 2.2, h: r * 2.2 }, keep)) return body;
  if (keep.y > r * 3.6) return { ...body, y: keep.y / 2 };
  return { ...body, y: horizon + r * 1.2 };
}

/** Decides the scene: themes from the words; time of day, palette, land, what is in it and where, from the seed. */
export function planScene(words: string, rng: Rng, options: SceneOptions): ScenePlan {
  const themes = chooseThemes(words, rng.fork('themes'));
  const primary = themes[0]!;
  const when = rng.pick(themeById(primary).times);
  // Fire wants a warm sky whatever the seed.
  const fiery = primary === 'spirit' && FIRE.test(words);
  const palette = rng.pick(fiery ? PALETTES.filter((p) => p.id === 'dusk-amber' || p.id === 'dawn-gold') : palettesAt(when));
  const time = palette.time;
  const land = chooseLand(primary, themes.slice(1), words, rng);
  const features = chooseFeatures(themes, land, time, words, rng);
  const r = lightRadius(rng, time);
  // How far a rising or setting sun has sunk below the horizon, in radii.
  const sink = rng.range(0.15, 0.6);
  const verse = options.kind === 'verse';
  const keep = options.keepClear;
  const wordsEnd = keep ? keep.y + keep.h : SIZE * 0.6;
  let horizon = verse ? Math.min(SIZE * 0.8, Math.max(SIZE * 0.64, wordsEnd + 30)) : SIZE * rng.range(0.52, 0.62) - (features.has('wheat') ? SIZE * 0.05 : 0);
  // A rising or setting sun belongs on the horizon: lower the land under the words to make room for it.
  const sunHorizon = wordsEnd + r * (1.12 + sink);
  if (verse && (time === 'dawn' || time === 'dusk') && sunHorizon <= SIZE * 0.85) horizon = Math.max(horizon, sunHorizon);
  return { themes, palette, land, features, horizon, light: placeLight(rng, palette, r, sink, horizon, options) };
}
