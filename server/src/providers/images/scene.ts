import { luminance, mix, parseHex } from './colour.ts';
import type { Palette } from './palettes.ts';
import { pictureRng, type Rng } from './prng.ts';
import { describeScene } from './scene-describe.ts';
import {
  cross,
  drawCity,
  drawFurrows,
  drawLayer,
  drawReflection,
  drawRimLight,
  drawWater,
  drawWheat,
  hillRidge,
  landBelow,
  landColour,
  mountainRidge,
  type Ridge,
  ribbon,
  rockColour,
  sheep,
  shepherd,
  tree,
  type TreeKind,
} from './scene-land.ts';
import { type Feature, type Land, planScene, type SceneOptions, type ScenePlan } from './scene-plan.ts';
import {
  type Box,
  type Celestial,
  drawBirds,
  drawCelestial,
  drawDove,
  drawEagle,
  drawEmbers,
  drawHorizonGlow,
  drawMilkyWay,
  drawPuffyClouds,
  drawRays,
  drawSky,
  drawStars,
  drawStreakClouds,
  drawVignette,
  overlaps,
} from './scene-sky.ts';
import { n, SIZE, SvgCanvas, svgDocument } from './svg.ts';
import type { ThemeId } from './themes.ts';

export type { Box, Celestial } from './scene-sky.ts';
export type { Feature, Land, SceneOptions } from './scene-plan.ts';
export { chooseThemes } from './scene-plan.ts';

export interface SceneInput {
  reference: string;
  text: string;
  seed: number;
}

export interface Scene {
  /** The passage's themes that shaped the scene, the main one first. */
  themes: ThemeId[];
  palette: Palette;
  land: Land;
  features: Feature[];
  horizon: number;
  /** The sun or moon (below the horizon when there was no room for it). */
  light: Celestial;
  /** The inside of the <svg>: gradients and shapes. */
  content: string;
  /** A plain sentence saying what the scene shows. */
  description: string;
}

/** What the land drawing leaves for the things standing on it. */
interface Ground {
  /** The nearest land, where crosses, trees, sheep and shepherds stand. */
  near: Ridge;
  /** Where the nearest land is highest: a cross or a lone tree goes there. */
  perch: number;
}

const TREE_KINDS: Record<Palette['time'], readonly TreeKind[]> = {
  dawn: ['cypress', 'round', 'pine'],
  day: ['round', 'round', 'cypress'],
  dusk: ['cypress', 'spreading', 'round'],
  night: ['pine', 'cypress'],
};

/** Foliage's lit side: warm and green by day, barely there at dusk, none at night. */
function litOf(p: Palette, fill: string): string {
  const k = { dawn: 0.22, day: 0.32, dusk: 0.1, night: 0 }[p.time];
  return k === 0 ? fill : mix(fill, mix(p.growth, p.glow, 0.45), k);
}

/** The x where a ridge is highest between two bounds. */
function highest(ridge: Ridge, from = 200, to = SIZE - 200): number {
  let best = from;
  for (let x = from; x <= to; x += 10) if (ridge.y(x) < ridge.y(best)) best = x;
  return best;
}

function drawTrees(c: SvgCanvas, rng: Rng, ridge: Ridge, colour: string, count: number, height: number, p: Palette): void {
  const kind = rng.pick(TREE_KINDS[p.time]);
  const x0 = rng.range(60, SIZE - 260);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + rng.range(0, 320);
    out += tree(rng.chance(0.75) ? kind : rng.pick(TREE_KINDS[p.time]), x, ridge.y(x) + 4, height * rng.range(0.65, 1.1), colour, rng, litOf(p, colour));
  }
  c.add(out);
}

/** Small round trees dotted along a ridge, as hedgerows and copses are seen from afar. */
function drawScatteredTrees(c: SvgCanvas, rng: Rng, ridge: Ridge, colour: string, size: number): void {
  let out = '';
  for (let group = 0; group < rng.int(2, 4); group++) {
    const x0 = rng.range(40, SIZE - 40);
    for (let i = 0; i < rng.int(2, 6); i++) {
      const x = x0 + rng.range(-50, 50);
      const y = ridge.y(x) + rng.range(4, 30);
      const r = size * rng.range(0.35, 0.6);
      out += `<circle cx="${n(x)}" cy="${n(y - r * 0.6)}" r="${n(r)}"/>`;
    }
  }
  c.add(`<g fill="${colour}">${out}</g>`);
}

interface Layer {
  ridge: Ridge;
  depth: number;
  rock?: boolean;
}

/** The distant land: two or three ranges, each farther one paler. */
function farLayers(rng: Rng, kind: 'hills' | 'mountains', horizon: number, verse: boolean): Layer[] {
  const below = SIZE - horizon;
  if (kind === 'mountains')
    return [0, 1, 2].map((i) => ({
      ridge: mountainRidge(rng, horizon + 4 + i * below * 0.05, (verse ? 150 : 280) * (1 - i * 0.25)),
      depth: 0.92 - i * 0.18,
      rock: true,
    }));
  return [0, 1].map((i) => ({ ridge: hillRidge(rng, horizon + 4 + i * below * 0.1, below * (0.09 + i * 0.05)), depth: 0.86 - i * 0.22 }));
}

/** Layers far to near, each fading into mist at its foot, where the next one rises in front of it. */
function paintLayers(c: SvgCanvas, p: Palette, layers: readonly Layer[], lastFoot: number): void {
  layers.forEach((layer, i) => {
    const next = layers[i + 1];
    const foot = next ? (next.ridge.top + next.ridge.y(SIZE / 2)) / 2 + 20 : lastFoot;
    drawLayer(c, p, layer.ridge, layer.depth, 0.4, foot, layer.rock ? rockColour(p, layer.depth) : undefined);
    if (i === 0 && (p.time === 'dawn' || p.time === 'dusk')) drawRimLight(c, p, layer.ridge, 0.3);
  });
}

function drawSkyLayer(c: SvgCanvas, plan: ScenePlan, rng: Rng, verse: boolean): void {
  const { palette, horizon, light, features } = plan;
  const time = palette.time;
  drawSky(c, palette, horizon);
  if (time === 'night') {
    if (features.has('milky-way')) drawMilkyWay(c, palette, rng, horizon);
    drawStars(c, palette, rng, horizon, verse ? 150 : 210, light);
  }
  drawHorizonGlow(c, palette, light.x, horizon, time === 'night' ? 0.25 : time === 'day' ? 0.35 : 0.7);
  // Beams show against a deep sky and wash out a pale one.
  const beams = Math.min(1, Math.max(0.35, 1.25 - luminance(parseHex(palette.sky[1])) * 1.6)) * (time === 'day' ? 0.12 : 0.17);
  if (features.has('rays')) drawRays(c, palette, light.x, light.y, rng, 180, 360, beams);
  // The Spirit's dove comes down in light from above.
  else if (features.has('dove')) drawRays(c, palette, light.x * 0.3 + SIZE * 0.35, -80, rng, 55, 125, beams * 1.2);
  drawCelestial(c, palette, light, rng);
  if (time === 'day') drawPuffyClouds(c, palette, rng, horizon * 0.2, horizon * 0.8, rng.int(2, 4), light);
  else if (time !== 'night') drawStreakClouds(c, palette, rng, horizon * 0.15, horizon * 0.9, rng.int(3, 7));
}

/** The sea to the horizon, a headland across it and a dark shore in one corner at the viewer's feet. */
function drawSea(c: SvgCanvas, plan: ScenePlan, rng: Rng): Ground {
  const { palette, horizon, light } = plan;
  const side = rng.chance(0.5) ? 0 : SIZE;
  const headX = Math.abs(side - rng.range(120, 260));
  const head = hillRidge(rng, horizon + 4, 8, { x: headX, width: rng.range(140, 280), height: rng.range(40, 90) });
  // The water is drawn over the headland's foot.
  drawLayer(c, palette, head, 0.75, 0.3, horizon);
  if (plan.features.has('city')) drawCityOn(c, plan, rng, head, headX, 0.7);
  drawWater(c, palette, rng, horizon, { x: light.x, r: palette.time === 'night' ? light.r * 0.7 : light.r });
  const shoreX = Math.abs(SIZE - side - rng.range(90, 200));
  const near = hillRidge(rng, SIZE + 160, 60, { x: shoreX, width: rng.range(220, 360), height: (SIZE - horizon) * 0.55 + 120 });
  c.add(landBelow(near, mix(palette.near, '#000000', palette.time === 'night' ? 0 : 0.15)));
  return { near, perch: highest(near, 60, SIZE - 60) };
}

/** Far ranges mirrored in still water, and a near shore. */
function drawLake(c: SvgCanvas, plan: ScenePlan, rng: Rng, verse: boolean, crest: Crest): Ground {
  const { palette, horizon, light, features } = plan;
  const below = SIZE - horizon;
  const surface = horizon + below * 0.12;
  const layers = farLayers(rng, rng.chance(0.6) || plan.themes.includes('mountains') ? 'mountains' : 'hills', horizon, verse);
  const reflected = c.sketch();
  paintLayers(reflected, palette, layers, surface);
  c.add(reflected.shapes());
  if (features.has('city')) drawCityOn(c, plan, rng, layers.at(-1)!.ridge, rng.range(320, 760), verse ? 0.7 : 0.9);
  drawWater(c, palette, rng, surface, palette.time === 'day' ? undefined : { x: light.x, r: light.r * 0.6 });
  drawReflection(c, reflected.shapes(), surface, 0.4);
  const near = hillRidge(
    rng,
    SIZE + 30,
    below * (crest.wanted ? 0.2 : 0.35),
    crest.wanted ? { x: crest.x, width: rng.range(200, 300), height: below * 0.38 } : undefined,
  );
  drawLayer(c, palette, near, 0.06, 0.2, SIZE);
  if (features.has('trees')) drawTrees(c, rng, near, landColour(palette, 0.1), rng.int(3, 5), verse ? 90 : 130, palette);
  return { near, perch: crest.wanted ? crest.x : highest(near) };
}

/** Ranges of hills or mountains, a middle hill, and the near ground: a hillside, a field, or a plain with a path or river. */
function drawInland(c: SvgCanvas, plan: ScenePlan, rng: Rng, verse: boolean, crest: Crest): Ground {
  const { palette, horizon, light, features, land } = plan;
  const time = palette.time;
  const below = SIZE - horizon;
  const flat = land === 'path' || land === 'river';
  const crossing = features.has('cross') || features.has('crosses');
  const mid = hillRidge(rng, horizon + below * (flat ? 0.24 : 0.32), below * (flat ? 0.13 : 0.2));
  const crested = crest.wanted && !flat && land !== 'field';
  let near: Ridge;
  if (land === 'field') near = hillRidge(rng, horizon + below * 0.55, below * 0.18);
  else if (flat) near = hillRidge(rng, horizon + below * 0.42, 22);
  else
    near = hillRidge(
      rng,
      SIZE - below * (verse ? 0.05 : 0.12),
      below * (crossing ? 0.2 : verse ? 0.36 : 0.4),
      crested ? { x: crest.x, width: rng.range(200, 300), height: below * (crossing ? 0.32 : 0.16) } : undefined,
    );
  const far = land === 'mountains' || plan.themes.includes('mountains') ? 'mountains' : 'hills';
  paintLayers(c, palette, [...farLayers(rng, far, horizon, verse), { ridge: mid, depth: 0.4 }], near.top + 40);
  if (features.has('city')) drawCityOn(c, plan, rng, mid, rng.range(320, 760), verse ? 0.8 : 1.1);
  if (features.has('trees') && !flat) drawTrees(c, rng, mid, landColour(palette, 0.45), rng.int(3, 7), verse ? 44 : 70, palette);
  else if (!features.has('trees') && time !== 'night' && rng.chance(0.6)) drawScatteredTrees(c, rng, mid, landColour(palette, 0.48), verse ? 16 : 24);
  if (land === 'field') {
    const gold = mix(mix('#d9b25f', palette.near, { dawn: 0.4, day: 0.15, dusk: 0.6, night: 0.9 }[time]), palette.haze, 0.12);
    const fill = c.linear(
      [
        [0, gold],
        [1, mix(gold, palette.near, 0.35)],
      ],
      0,
      near.top,
      0,
      SIZE,
    );
    c.add(landBelow(near, fill));
    drawFurrows(c, near, mix(gold, palette.near, 0.6), 9);
  } else drawLayer(c, palette, near, flat ? 0.14 : 0.06, 0.12, SIZE);
  if (flat) drawWay(c, palette, rng, land, near, light.x, verse, features.has('trees'));
  return { near, perch: crested ? crest.x : highest(near) };
}

/** A city on a hill, shining: drawn with the land it stands on, before anything nearer. */
function drawCityOn(c: SvgCanvas, plan: ScenePlan, rng: Rng, ridge: Ridge, x: number, scale: number): void {
  drawCity(c, plan.palette, rng, ridge, x, rng.range(220, 320) * scale, scale, landColour(plan.palette, 0.5));
}

/** A path or river winding off toward the light, with trees along it. */
function drawWay(c: SvgCanvas, p: Palette, rng: Rng, land: Land, ground: Ridge, lightX: number, verse: boolean, trees: boolean): void {
  const endX = Math.max(160, Math.min(SIZE - 160, lightX));
  const way = ribbon(rng, [endX, ground.y(endX) + 3], rng.range(380, 700), verse ? 260 : 320);
  const river = land === 'river';
  const colour = river ? p.water[0] : mix(mix(p.haze, p.glow, 0.45), landColour(p, 0.1), 0.35);
  const fill = c.linear(
    [
      [0, mix(colour, p.glow, 0.45)],
      [1, river ? p.water[1] : mix(colour, p.near, 0.25)],
    ],
    0,
    ground.top,
    0,
    SIZE,
  );
  c.add(`<path d="${way.outline}" fill="${fill}"/>`);
  if (!trees) return;
  let out = '';
  const kind = rng.pick(TREE_KINDS[p.time]);
  for (let i = 0; i < 7; i++) {
    const d = rng.range(0.12, 0.8);
    const at = way.at(d);
    const side = i % 2 === 0 ? 1 : -1;
    const x = at.x + side * (at.w / 2 + rng.range(30, 140) * (1 - d));
    const h = (verse ? 170 : 240) * (1 - d) ** 1.4 + 14;
    const leaves = landColour(p, d * 0.4);
    out += tree(kind, x, at.y, h, leaves, rng, litOf(p, leaves));
  }
  c.add(out);
}

/** Whether the near land should rise to a crest for something to stand on, and where. */
interface Crest {
  wanted: boolean;
  x: number;
}

function chooseCrest(plan: ScenePlan, rng: Rng, keep: Box | undefined): Crest {
  const f = plan.features;
  // Off-centre, and clear of a caption in the lower left.
  const captionEnd = keep && keep.y > plan.horizon ? keep.x + keep.w + 140 : 0;
  return {
    wanted: f.has('cross') || f.has('crosses') || f.has('lone-tree') || f.has('shepherd'),
    x: rng.range(Math.max(0.25 * SIZE, Math.min(0.6 * SIZE, captionEnd)), 0.75 * SIZE),
  };
}

/** A free spot of sky for a bird or a dove, or none when the words fill the sky. */
function skySpot(rng: Rng, horizon: number, size: number, keepClear?: Box, avoid?: Celestial): { x: number; y: number } | undefined {
  for (let i = 0; i < 24; i++) {
    const x = rng.range(size, SIZE - size);
    const y = rng.range(size * 0.7, horizon - size * 0.6);
    const box = { x: x - size / 2, y: y - size / 2, w: size, h: size };
    if (keepClear && overlaps(box, keepClear)) continue;
    if (avoid && Math.hypot(x - avoid.x, y - avoid.y) < avoid.r * 2.5 + size / 2) continue;
    return { x, y };
  }
  return undefined;
}

/** What stands on the land and flies over it. Things with no room are left out (and out of the description). */
function drawThings(c: SvgCanvas, plan: ScenePlan, ground: Ground, rng: Rng, verse: boolean, keep: Box | undefined): void {
  const { palette, horizon, light, features } = plan;
  const time = palette.time;
  const { near, perch } = ground;
  const silhouette = mix(palette.near, '#000000', time === 'night' ? 0 : 0.15);
  // The perch goes to the first of a cross, a lone tree and a shepherd; the others stand to one side of it.
  const aside = () => (perch > SIZE / 2 ? rng.range(110, Math.max(130, perch - 260)) : rng.range(Math.min(SIZE - 130, perch + 260), SIZE - 110));
  let perched = false;
  if (features.has('cross') || features.has('crosses')) {
    perched = true;
    const h = verse ? 120 : 200;
    const top = near.y(perch);
    const glow = c.radial(
      [
        [0, palette.glow, 0.45],
        [1, palette.glow, 0],
      ],
      perch,
      top - h * 0.6,
      h * 2.2,
    );
    c.add(`<circle cx="${n(perch)}" cy="${n(top - h * 0.6)}" r="${n(h * 2.2)}" fill="${glow}"/>`);
    let out = cross(perch, top + 6, h, silhouette);
    if (features.has('crosses'))
      for (const dx of [-1, 1]) {
        const x = perch + dx * h * 0.75;
        out += cross(x, near.y(x) + 6, h * 0.78, silhouette);
      }
    c.add(out);
  }
  if (features.has('lone-tree')) {
    const x = perched ? aside() : perch + rng.range(-40, 40);
    perched = true;
    const leaves = mix(landColour(palette, 0.1), palette.near, 0.5);
    c.add(tree('spreading', x, near.y(x) + 6, verse ? 130 : 210, leaves, rng, litOf(palette, leaves)));
  }
  if (features.has('sheep')) {
    const cx = rng.range(260, 820);
    const flock: { x: number; y: number }[] = [];
    for (let tries = 0, count = rng.int(5, 9); flock.length < count && tries < 60; tries++) {
      const x = cx + rng.range(-220, 220);
      const top = near.y(x);
      const y = top + 14 + rng.next() ** 1.5 * Math.max(20, (SIZE - top) * 0.4);
      if (keep && overlaps({ x: x - 40, y: y - 30, w: 80, h: 60 }, keep)) continue;
      flock.push({ x, y });
    }
    flock.sort((a, b) => a.y - b.y);
    const wool = mix(mix('#f6f1e6', palette.glow, 0.2), palette.near, { dawn: 0.15, day: 0, dusk: 0.35, night: 0.7 }[time]);
    const below = SIZE - horizon;
    c.add(flock.map((s) => sheep(s.x, s.y, 18 + ((s.y - horizon) / below) * (verse ? 24 : 40), wool, palette.near, rng.chance(0.4))).join(''));
  }
  if (features.has('shepherd')) {
    const x = perched ? aside() : perch;
    c.add(shepherd(x, near.y(x) + (perched ? 30 : 8), verse ? 64 : 96, silhouette));
  }
  if (features.has('wheat')) drawWheat(c, palette, rng, (SIZE - horizon) * (verse ? 0.55 : 0.75), 70);
  if (features.has('embers')) drawEmbers(c, palette, rng, SIZE, 46);
  const flying: [Feature, number, (spot: { x: number; y: number }) => void][] = [
    ['dove', verse ? 120 : 190, (s) => drawDove(c, palette, s.x, s.y, verse ? 0.55 : 0.85, rng.chance(0.5))],
    ['eagle', verse ? 130 : 200, (s) => drawEagle(c, silhouette, s.x, s.y, verse ? 0.5 : 0.8)],
    ['birds', 200, (s) => drawBirds(c, mix(palette.near, palette.sky[1], 0.2), rng, { x: s.x - 60, y: s.y - 30, w: 120, h: 60 }, rng.int(3, 6))],
  ];
  for (const [feature, size, draw] of flying) {
    if (!features.has(feature)) continue;
    const spot = skySpot(rng, horizon, size, keep, light);
    if (spot) draw(spot);
    else features.delete(feature);
  }
}

/** Composes the scene for a passage: its themes choose the land and what is in it; the seed, the rest. */
export function composeScene(input: SceneInput, options: SceneOptions): Scene {
  const rng = pictureRng(input.reference, input.text, input.seed);
  const plan = planScene(input.text, rng.fork('plan'), options);
  const verse = options.kind === 'verse';
  const c = new SvgCanvas();
  drawSkyLayer(c, plan, rng.fork('sky'), verse);
  const land = rng.fork('land');
  const crest = chooseCrest(plan, land, options.keepClear);
  const ground =
    plan.land === 'sea' ? drawSea(c, plan, land) : plan.land === 'lake' ? drawLake(c, plan, land, verse, crest) : drawInland(c, plan, land, verse, crest);
  drawThings(c, plan, ground, rng.fork('things'), verse, options.keepClear);
  drawVignette(c, verse ? 0.3 : 0.35);
  const features = [...plan.features];
  const { themes, palette, horizon, light } = plan;
  return {
    themes,
    palette,
    land: plan.land,
    features,
    horizon,
    light,
    content: c.content(),
    description: describeScene(palette.time, plan.land, features, themes.includes('pasture'), themes.length),
  };
}

/** The scene as a whole SVG document (for a look at it, and for measuring its light). */
export function sceneSvg(scene: Scene, size = SIZE): string {
  return svgDocument(scene.content, size);
}
