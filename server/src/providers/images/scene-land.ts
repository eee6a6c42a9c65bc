import { mix } from './colour.ts';
import type { Palette } from './palettes.ts';
import type { Rng } from './prng.ts';
import { n, n2, type Point, SIZE, smoothThrough, type SvgCanvas } from './svg.ts';

/** The top edge of a layer of land: where it meets the sky at each x. */
export interface Ridge {
  y(x: number): number;
  /** The highest point (smallest y). */
  top: number;
  /** The edge as path commands from x = -20 to SIZE + 20, starting with M. */
  edge: string;
}

const LEFT = -20;
const RIGHT = SIZE + 20;

/** Rolling hills: two slow waves, and a rounded summit where something will stand on it. */
export function hillRidge(rng: Rng, base: number, height: number, summit?: { x: number; width: number; height: number }): Ridge {
  const l1 = rng.range(900, 1800);
  const l2 = rng.range(330, 620);
  const p1 = rng.range(0, Math.PI * 2);
  const p2 = rng.range(0, Math.PI * 2);
  const a2 = rng.range(0.18, 0.4);
  const y = (x: number) => {
    const wave = (Math.sin((2 * Math.PI * x) / l1 + p1) + a2 * Math.sin((2 * Math.PI * x) / l2 + p2)) / (1 + a2);
    const bump = summit ? summit.height * Math.exp(-(((x - summit.x) / summit.width) ** 2)) : 0;
    return base - height * (wave + 1) * 0.5 - bump;
  };
  const points: Point[] = [];
  for (let x = LEFT; x <= RIGHT; x += 45) points.push([x, y(x)]);
  if (points.at(-1)![0] < RIGHT) points.push([RIGHT, y(RIGHT)]);
  return { y, top: Math.min(...points.map((p) => p[1])), edge: `M${n(LEFT)} ${n(points[0]![1])}${smoothThrough(points)}` };
}

/** A mountain range: jagged peaks by midpoint displacement, rougher at small scales like real ridges. */
export function mountainRidge(rng: Rng, base: number, height: number, roughness = 0.52): Ridge {
  const count = 64;
  const heights = new Array<number>(count + 1).fill(0);
  // A few main peaks first, so the range has a shape and not just noise.
  const peaks = rng.int(2, 4);
  for (let i = 0; i <= peaks; i++) {
    const at = Math.round((i / peaks) * count);
    heights[at] = rng.range(0.25, 1) * height;
  }
  const fill = (a: number, b: number, scale: number) => {
    if (b - a < 2) return;
    const mid = (a + b) >> 1;
    heights[mid] = (heights[a]! + heights[b]!) / 2 + (rng.next() - 0.5) * scale;
    fill(a, mid, scale * roughness);
    fill(mid, b, scale * roughness);
  };
  for (let i = 0; i < peaks; i++) fill(Math.round((i / peaks) * count), Math.round(((i + 1) / peaks) * count), height * 0.7);
  const xs = heights.map((_, i) => LEFT + ((RIGHT - LEFT) * i) / count);
  const ys = heights.map((h) => base - Math.max(0, Math.min(height * 1.15, h)));
  const y = (x: number) => {
    const t = Math.max(0, Math.min(count - 1e-9, ((x - LEFT) / (RIGHT - LEFT)) * count));
    const i = Math.floor(t);
    return ys[i]! + (ys[i + 1]! - ys[i]!) * (t - i);
  };
  const edge = `M${xs.map((x, i) => `${n(x)} ${n(ys[i]!)}`).join('L')}`;
  return { y, top: Math.min(...ys), edge };
}

export function landBelow(ridge: Ridge, fill: string, extra = ''): string {
  return `<path d="${ridge.edge}L${RIGHT} ${SIZE + 20}L${LEFT} ${SIZE + 20}Z" fill="${fill}"${extra}/>`;
}

/**
 * The colour of land `depth` away (0 = at the viewer's feet, 1 = the farthest range): lit ground is green
 * by day and darkens toward silhouette at dusk and night; distance mixes everything into the haze.
 */
export function landColour(p: Palette, depth: number): string {
  const dark = { dawn: 0.45, day: 0.38, dusk: 0.82, night: 1 }[p.time];
  const base = mix(p.growth, p.near, dark);
  return mix(base, p.haze, Math.min(0.82, depth ** 1.15 * 0.82));
}

/** A layer of land whose foot sinks into mist: what makes the layers read as distance. */
/** Far mountains are bare rock in blue shadow, not grass: mixed from the sky's zenith and the land. */
export function rockColour(p: Palette, depth: number): string {
  return mix(mix(p.sky[0], p.near, 0.5), p.haze, Math.min(0.82, depth ** 1.15 * 0.82));
}

export function drawLayer(c: SvgCanvas, p: Palette, ridge: Ridge, depth: number, mist: number, foot: number, colour = landColour(p, depth)): void {
  const fill = c.linear(
    [
      [0, colour],
      [1, mix(colour, p.haze, mist)],
    ],
    0,
    ridge.top,
    0,
    foot,
  );
  c.add(landBelow(ridge, fill));
}

/** A thin bright line along a ridge: the light catching its edge at dawn and dusk. */
export function drawRimLight(c: SvgCanvas, p: Palette, ridge: Ridge, opacity: number): void {
  c.add(`<path d="${ridge.edge}" fill="none" stroke="${p.glow}" stroke-width="2" opacity="${opacity}"/>`);
}

/** Open water from `top` down, with the light's path across it and a few long swells. */
export function drawWater(c: SvgCanvas, p: Palette, rng: Rng, top: number, light?: { x: number; r: number }): void {
  const fill = c.linear(
    [
      [0, p.water[0]],
      [0.35, mix(p.water[0], p.water[1], 0.55)],
      [1, p.water[1]],
    ],
    0,
    top,
    0,
    SIZE,
  );
  c.add(`<rect x="0" y="${n(top)}" width="${SIZE}" height="${n(SIZE - top)}" fill="${fill}"/>`);
  let waves = '';
  for (let i = 0; i < 16; i++) {
    const t = rng.next();
    const y = top + 6 + (SIZE - top) * t ** 1.7;
    const w = rng.range(40, 220) * (0.4 + t);
    const x = rng.range(-50, SIZE);
    waves += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(1 + t * 2)}" rx="1" opacity="${n2(rng.range(0.4, 1))}"/>`;
  }
  c.add(`<g fill="${mix(p.water[0], '#ffffff', 0.3)}" opacity="0.16">${waves}</g>`);
  if (!light) return;
  const glow = c.radial(
    [
      [0, p.glow, 0.55],
      [1, p.glow, 0],
    ],
    light.x,
    top,
    SIZE - top,
    0.9,
  );
  c.add(`<rect x="0" y="${n(top)}" width="${SIZE}" height="${n(SIZE - top)}" fill="${glow}" opacity="0.6"/>`);
  // Broken dashes of light, scattered wider and thicker toward the viewer.
  let glints = '';
  for (let y = top + 2, k = 0; y < SIZE; k++) {
    const spread = light.r * (1 + k * 0.2);
    const h = 1.2 + k * 0.25;
    for (let j = rng.int(1, 3); j > 0; j--) {
      const w = rng.range(0.25, 0.9) * spread;
      const x = light.x + rng.range(-0.7, 0.7) * spread - w / 2;
      glints += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}" opacity="${n2(Math.max(0.1, 0.9 - k * 0.04) * rng.range(0.5, 1))}"/>`;
    }
    y += h + 2 + k * 0.9;
  }
  c.add(`<g fill="${mix(p.disc, p.glow, 0.3)}">${glints}</g>`);
}

/** The land `markup` mirrored in still water whose surface is at `surface`. */
export function drawReflection(c: SvgCanvas, markup: string, surface: number, opacity: number): void {
  const clip = c.id();
  c.def(`<clipPath id="${clip}"><rect x="0" y="${n(surface)}" width="${SIZE}" height="${n(SIZE - surface)}"/></clipPath>`);
  c.add(`<g clip-path="url(#${clip})"><g transform="matrix(1 0 0 -1 0 ${n(surface * 2)})" opacity="${opacity}">${markup}</g></g>`);
}

export interface Ribbon {
  /** The centre of the ribbon at depth d (0 = the viewer's feet, 1 = its far end). */
  at(d: number): { x: number; y: number; w: number };
  outline: string;
}

/**
 * A path or river winding away from the viewer to a point far off: it narrows and its bends tighten
 * with distance, which is most of what makes it look like it lies on the ground.
 */
export function ribbon(rng: Rng, far: Point, nearX: number, nearWidth: number): Ribbon {
  const bends = rng.range(1.2, 2.2);
  const phase = rng.range(0, Math.PI * 2);
  const swing = rng.range(120, 220) * (rng.chance(0.5) ? 1 : -1);
  const at = (d: number) => {
    const persp = (1 - d) ** 1.6;
    const y = far[1] + (SIZE + 30 - far[1]) * (1 - d) ** 2.2;
    const x = far[0] + (nearX - far[0]) * (1 - d) + swing * Math.sin(Math.PI * bends * d + phase) * persp - swing * Math.sin(phase) * persp * (1 - d);
    return { x, y, w: nearWidth * persp + 3 * (1 - d) + 1 };
  };
  const left: Point[] = [];
  const right: Point[] = [];
  for (let i = 0; i <= 28; i++) {
    const d = i / 28;
    const { x, y, w } = at(d);
    left.push([x - w / 2, y]);
    right.push([x + w / 2, y]);
  }
  right.reverse();
  const outline = `M${n(left[0]![0])} ${n(left[0]![1])}${smoothThrough(left)}L${n(right[0]![0])} ${n(right[0]![1])}${smoothThrough(right)}Z`;
  return { at, outline };
}

export type TreeKind = 'cypress' | 'round' | 'pine' | 'spreading';

/** A tree's silhouette standing at (x, foot), `h` tall. */
export function tree(kind: TreeKind, x: number, foot: number, h: number, fill: string, rng: Rng, lit = fill): string {
  if (kind === 'cypress') {
    const w = h * rng.range(0.16, 0.22);
    return `<path d="M${n(x)} ${n(foot - h)}C${n(x + w * 0.7)} ${n(foot - h * 0.7)} ${n(x + w * 0.62)} ${n(foot - h * 0.2)} ${n(x + w * 0.1)} ${n(foot)}L${n(x - w * 0.1)} ${n(foot)}C${n(x - w * 0.62)} ${n(foot - h * 0.2)} ${n(x - w * 0.7)} ${n(foot - h * 0.7)} ${n(x)} ${n(foot - h)}Z" fill="${fill}"/>`;
  }
  if (kind === 'pine') {
    let d = '';
    const tiers = 4;
    for (let i = 0; i < tiers; i++) {
      const top = foot - h + (i * h * 0.7) / tiers;
      const bottom = top + h * 0.38;
      const w = h * (0.12 + i * 0.07);
      d += `M${n(x)} ${n(top)}L${n(x + w)} ${n(bottom)}L${n(x - w)} ${n(bottom)}Z`;
    }
    d += `M${n(x - h * 0.03)} ${n(foot - h * 0.2)}h${n(h * 0.06)}V${n(foot)}h${n(-h * 0.06)}Z`;
    return `<path d="${d}" fill="${fill}"/>`;
  }
  return kind === 'spreading' ? spreadingTree(x, foot, h, fill, lit, rng) : roundTree(x, foot, h, fill, lit, rng);
}

/** Lumps of foliage: the shaded mass, then lit tops toward the light (none when `lit` is the shade). */
function foliage(lumps: readonly { x: number; y: number; rx: number; ry: number }[], fill: string, lit: string): string {
  const shade = lumps.map((l) => `<ellipse cx="${n(l.x)}" cy="${n(l.y)}" rx="${n(l.rx)}" ry="${n(l.ry)}"/>`).join('');
  if (lit === fill) return `<g fill="${fill}">${shade}</g>`;
  const top = Math.min(...lumps.map((l) => l.y));
  const bottom = Math.max(...lumps.map((l) => l.y));
  const light = lumps
    .filter((l) => l.y < (top + bottom) / 2 + 1)
    .map((l) => `<ellipse cx="${n(l.x - l.rx * 0.15)}" cy="${n(l.y - l.ry * 0.22)}" rx="${n(l.rx * 0.72)}" ry="${n(l.ry * 0.66)}"/>`)
    .join('');
  return `<g fill="${fill}">${shade}</g><g fill="${lit}">${light}</g>`;
}

/** A broad tree like an olive or an oak alone on a hill: a forked trunk under a wide, flat crown. */
function spreadingTree(x: number, foot: number, h: number, fill: string, lit: string, rng: Rng): string {
  const crownY = foot - h * 0.74;
  const w = h * 0.62;
  const fork = foot - h * 0.4;
  const trunk =
    `<path d="M${n(x - h * 0.045)} ${n(foot)}C${n(x - h * 0.03)} ${n(foot - h * 0.2)} ${n(x - h * 0.03)} ${n(fork)} ${n(x)} ${n(fork)}C${n(x + h * 0.03)} ${n(fork)} ${n(x + h * 0.03)} ${n(foot - h * 0.2)} ${n(x + h * 0.045)} ${n(foot)}Z" fill="${fill}"/>` +
    `<path d="M${n(x)} ${n(fork + 4)}Q${n(x - w * 0.2)} ${n(fork - h * 0.12)} ${n(x - w * 0.36)} ${n(crownY + h * 0.1)}M${n(x)} ${n(fork + 4)}Q${n(x + w * 0.16)} ${n(fork - h * 0.14)} ${n(x + w * 0.32)} ${n(crownY + h * 0.08)}M${n(x)} ${n(fork)}L${n(x + w * 0.03)} ${n(crownY)}" fill="none" stroke="${fill}" stroke-width="${n(h * 0.035)}" stroke-linecap="round"/>`;
  const lumps = Array.from({ length: 14 }, (_, i) => {
    // Spread evenly with a little jitter, so the crown has no gaps and no lump sticks out alone.
    const t = Math.max(-1, Math.min(1, -1 + (2 * i) / 13 + rng.range(-0.06, 0.06)));
    const rx = h * rng.range(0.12, 0.19) * (1 - Math.abs(t) * 0.3);
    return { x: x + t * w * 0.9, y: crownY - (1 - t * t) * h * 0.12 + rng.range(-0.04, 0.04) * h, rx, ry: rx * rng.range(0.6, 0.8) };
  });
  // The crown's underside, where the branches end.
  for (let i = 0; i < 6; i++) {
    const rx = h * rng.range(0.11, 0.16);
    lumps.push({ x: x + (-0.6 + (1.2 * i) / 5) * w, y: crownY + h * rng.range(0.03, 0.07), rx, ry: rx * 0.6 });
  }
  return trunk + foliage(lumps, fill, lit);
}

/** A round-crowned tree: a straight trunk under a heap of foliage. */
function roundTree(x: number, foot: number, h: number, fill: string, lit: string, rng: Rng): string {
  const t = h * 0.06;
  const trunk = `<path d="M${n(x - t / 2)} ${n(foot)}L${n(x - t * 0.3)} ${n(foot - h * 0.55)}L${n(x + t * 0.3)} ${n(foot - h * 0.55)}L${n(x + t / 2)} ${n(foot)}Z" fill="${fill}"/>`;
  const crownY = foot - h * 0.66;
  const lumps = Array.from({ length: 7 }, (_, i) => {
    const a = (i / 7) * Math.PI * 2 + rng.range(-0.3, 0.3);
    const r = h * rng.range(0.15, 0.21);
    return { x: x + Math.cos(a) * h * 0.16, y: crownY + Math.sin(a) * h * 0.14, rx: r, ry: r };
  });
  lumps.push({ x, y: crownY - h * 0.08, rx: h * 0.2, ry: h * 0.2 });
  return trunk + foliage(lumps, fill, lit);
}

/** A sheep grazing, `s` about its length; facing right unless `left`. */
export function sheep(x: number, y: number, s: number, wool: string, dark: string, left: boolean): string {
  const f = left ? -1 : 1;
  let body = '';
  for (const [dx, dy, r] of [
    [-0.28, 0, 0.26],
    [0, -0.08, 0.3],
    [0.26, -0.02, 0.26],
    [0.02, 0.08, 0.28],
  ] as const) {
    body += `<circle cx="${n(x + dx * s * f)}" cy="${n(y + dy * s)}" r="${n(r * s)}"/>`;
  }
  const legs = `<rect x="${n(x - 0.25 * s)}" y="${n(y + 0.2 * s)}" width="${n(0.07 * s)}" height="${n(0.28 * s)}"/><rect x="${n(x + 0.18 * s)}" y="${n(y + 0.2 * s)}" width="${n(0.07 * s)}" height="${n(0.28 * s)}"/>`;
  const head = `<ellipse cx="${n(x + 0.52 * s * f)}" cy="${n(y + 0.06 * s)}" rx="${n(0.15 * s)}" ry="${n(0.11 * s)}" transform="rotate(${25 * f} ${n(x + 0.52 * s * f)} ${n(y + 0.06 * s)})"/>`;
  return `<g fill="${dark}">${legs}${head}</g><g fill="${wool}">${body}</g>`;
}

/** A shepherd standing with his staff, `h` tall, as a silhouette. */
export function shepherd(x: number, foot: number, h: number, fill: string): string {
  const robe = `M${n(x - h * 0.07)} ${n(foot - h * 0.8)}C${n(x - h * 0.12)} ${n(foot - h * 0.5)} ${n(x - h * 0.17)} ${n(foot - h * 0.2)} ${n(x - h * 0.16)} ${n(foot)}L${n(x + h * 0.15)} ${n(foot)}C${n(x + h * 0.14)} ${n(foot - h * 0.3)} ${n(x + h * 0.1)} ${n(foot - h * 0.55)} ${n(x + h * 0.08)} ${n(foot - h * 0.8)}Z`;
  const hood = `M${n(x - h * 0.09)} ${n(foot - h * 0.78)}Q${n(x - h * 0.09)} ${n(foot - h * 1.0)} ${n(x + h * 0.01)} ${n(foot - h * 0.99)}Q${n(x + h * 0.1)} ${n(foot - h * 0.97)} ${n(x + h * 0.09)} ${n(foot - h * 0.78)}Z`;
  const sx = x + h * 0.24;
  const staff = `M${n(sx)} ${n(foot)}L${n(sx - h * 0.02)} ${n(foot - h * 1.02)}c0 ${n(-h * 0.1)} ${n(-h * 0.12)} ${n(-h * 0.1)} ${n(-h * 0.12)} ${n(-h * 0.02)}`;
  const arm = `M${n(x + h * 0.05)} ${n(foot - h * 0.7)}L${n(sx - h * 0.015)} ${n(foot - h * 0.6)}`;
  return `<g fill="${fill}"><path d="${robe}"/><path d="${hood}"/></g><path d="${staff}${arm}" fill="none" stroke="${fill}" stroke-width="${n(h * 0.035)}" stroke-linecap="round"/>`;
}

/** Wheat standing in the foreground: thin stems, slender ears with awns, a shaded row behind a lit one. */
export function drawWheat(c: SvgCanvas, p: Palette, rng: Rng, tallest: number, count: number): void {
  const shade = { dawn: 0.3, day: 0.08, dusk: 0.5, night: 0.85 }[p.time];
  const gold = mix(mix('#ebc878', p.glow, 0.3), p.near, shade);
  const rows = [
    { colour: mix(gold, p.near, 0.4), scale: 0.8, count: Math.round(count * 0.7) },
    { colour: gold, scale: 1, count },
  ];
  for (const row of rows) {
    let stems = '';
    let ears = '';
    let awns = '';
    for (let i = 0; i < row.count; i++) {
      // Thicker at the sides, thinner in the middle, so the field frames the view instead of walling it.
      const u = rng.next();
      const x = (u < 0.5 ? u ** 1.4 : 1 - (1 - u) ** 1.4) * (SIZE + 60) - 30;
      const h = tallest * row.scale * rng.range(0.55, 1) * (0.7 + 0.3 * Math.abs(x / SIZE - 0.5) * 2);
      const lean = rng.range(-0.12, 0.2) * h;
      const tip: Point = [x + lean, SIZE + 10 - h];
      stems += `M${n(x)} ${n(SIZE + 10)}Q${n(x + lean * 0.15)} ${n(SIZE + 10 - h * 0.5)} ${n(tip[0])} ${n(tip[1])}`;
      const angle = (Math.atan2(lean, h) * 180) / Math.PI;
      const g = 4.2 * row.scale * (tallest / 260);
      const grains = 7;
      for (let k = 0; k < grains; k++) {
        const along = k * g * 1.35;
        const cx = tip[0] - (lean / h) * along;
        const cy = tip[1] + along;
        for (const side of [-1, 1]) {
          const gx = cx + side * g * 0.5;
          ears += `<ellipse cx="${n(gx)}" cy="${n(cy)}" rx="${n(g * 0.5)}" ry="${n(g)}" transform="rotate(${n(angle + side * 18)} ${n(gx)} ${n(cy)})"/>`;
          if (k < 5) awns += `M${n(gx)} ${n(cy - g)}l${n(side * g * 0.9 + (lean / h) * g * 4)} ${n(-g * 4)}`;
        }
      }
    }
    c.add(
      `<path d="${stems}" fill="none" stroke="${row.colour}" stroke-width="${n(1.6 * row.scale)}"/><path d="${awns}" fill="none" stroke="${row.colour}" stroke-width="0.8" opacity="0.8"/><g fill="${row.colour}">${ears}</g>`,
    );
  }
}

/** Furrows following the shape of a field's hill, fading toward its foot. */
export function drawFurrows(c: SvgCanvas, ridge: Ridge, colour: string, rows: number): void {
  let d = '';
  for (let i = 1; i <= rows; i++) {
    const offset = (i / rows) ** 1.6 * (SIZE - ridge.top) * 0.9;
    const points: Point[] = [];
    for (let x = -20; x <= SIZE + 20; x += 60) points.push([x, ridge.y(x) + offset]);
    d += `M${n(points[0]![0])} ${n(points[0]![1])}${smoothThrough(points)}`;
  }
  c.add(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="2" opacity="0.35"/>`);
}

/** A cross, `h` tall, standing at (x, foot). */
export function cross(x: number, foot: number, h: number, fill: string): string {
  const t = h * 0.075;
  const arm = h * 0.28;
  return `<path d="M${n(x - t / 2)} ${n(foot)}V${n(foot - h)}h${n(t)}V${n(foot - h + h * 0.24)}h${n(arm)}v${n(t)}h${n(-arm)}V${n(foot)}ZM${n(x - t / 2)} ${n(foot - h + h * 0.24)}h${n(-arm)}v${n(t)}h${n(arm)}Z" fill="${fill}"/>`;
}

/** A walled city on a ridge: towers, domes and a few lit windows, `width` wide around x. */
export function drawCity(c: SvgCanvas, p: Palette, rng: Rng, ridge: Ridge, x: number, width: number, scale: number, fill: string): void {
  const glow = c.radial(
    [
      [0, p.glow, 0.6],
      [1, p.glow, 0],
    ],
    x,
    ridge.y(x) - 40 * scale,
    width * 0.9,
    0.6,
  );
  c.add(`<rect width="${SIZE}" height="${SIZE}" fill="${glow}"/>`);
  let shapes = '';
  let windows = '';
  const foot = (bx: number) => ridge.y(bx) + 8 * scale;
  for (let bx = x - width / 2; bx < x + width / 2;) {
    const w = rng.range(14, 34) * scale;
    const centre = 1 - Math.abs((bx + w / 2 - x) / (width / 2));
    const h = (rng.range(20, 55) + centre * 60) * scale;
    const base = foot(bx + w / 2);
    shapes += `<rect x="${n(bx)}" y="${n(base - h)}" width="${n(w)}" height="${n(h + 10 * scale)}"/>`;
    const roof = rng.next();
    if (roof < 0.3) shapes += `<circle cx="${n(bx + w / 2)}" cy="${n(base - h)}" r="${n(w / 2)}"/>`;
    else if (roof < 0.5) shapes += `<path d="M${n(bx)} ${n(base - h)}L${n(bx + w / 2)} ${n(base - h - w * 1.2)}L${n(bx + w)} ${n(base - h)}Z"/>`;
    if (rng.chance(0.5)) windows += `<rect x="${n(bx + w * 0.4)}" y="${n(base - h * 0.6)}" width="${n(w * 0.2)}" height="${n(w * 0.3)}"/>`;
    bx += w + rng.range(-4, 6) * scale;
  }
  const wall = `<path d="M${n(x - width * 0.55)} ${n(foot(x - width * 0.55) - 14 * scale)}L${n(x + width * 0.55)} ${n(foot(x + width * 0.55) - 14 * scale)}L${n(x + width * 0.55)} ${n(foot(x + width * 0.55) + 10)}L${n(x - width * 0.55)} ${n(foot(x - width * 0.55) + 10)}Z"/>`;
  c.add(`<g fill="${fill}">${shapes}${wall}</g><g fill="${mix(p.glow, '#ffffff', 0.3)}" opacity="0.8">${windows}</g>`);
}
