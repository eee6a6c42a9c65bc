import { mix } from './colour.ts';
import type { Palette } from './palettes.ts';
import type { Rng } from './prng.ts';
import { n, n2, SIZE, type SvgCanvas } from './svg.ts';

/** A rectangle in picture units. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Celestial {
  kind: 'sun' | 'moon';
  x: number;
  y: number;
  r: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function drawSky(c: SvgCanvas, p: Palette, horizon: number): void {
  const fill = c.linear(
    [
      [0, p.sky[0]],
      [0.58, p.sky[1]],
      [1, p.sky[2]],
    ],
    0,
    0,
    0,
    horizon,
  );
  c.add(`<rect width="${SIZE}" height="${SIZE}" fill="${fill}"/>`);
}

/** The bright band where the light is, wide and low: it is what makes a sky look like dawn or dusk. */
export function drawHorizonGlow(c: SvgCanvas, p: Palette, x: number, horizon: number, strength: number): void {
  const fill = c.radial(
    [
      [0, p.glow, strength],
      [0.45, p.glow, strength * 0.35],
      [1, p.glow, 0],
    ],
    x,
    horizon,
    760,
    0.42,
  );
  c.add(`<rect width="${SIZE}" height="${n(horizon + 80)}" fill="${fill}"/>`);
}

export function drawCelestial(c: SvgCanvas, p: Palette, body: Celestial, rng: Rng): void {
  const { x, y, r } = body;
  if (body.kind === 'sun') {
    const outer = c.radial(
      [
        [0, p.glow, 0.6],
        [0.22, p.glow, 0.28],
        [1, p.glow, 0],
      ],
      x,
      y,
      r * 7,
    );
    const halo = c.radial(
      [
        [0, p.disc, 0.95],
        [0.5, p.glow, 0.55],
        [1, p.glow, 0],
      ],
      x,
      y,
      r * 2.3,
    );
    c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 7)}" fill="${outer}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 2.3)}" fill="${halo}"/>`);
    c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${p.disc}"/>`);
    return;
  }
  const glow = c.radial(
    [
      [0, p.glow, 0.42],
      [0.3, p.glow, 0.14],
      [1, p.glow, 0],
    ],
    x,
    y,
    r * 6,
  );
  c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 6)}" fill="${glow}"/>`);
  const shade = mix(p.disc, p.sky[1], 0.35);
  if (rng.chance(0.55)) {
    // A crescent: the disc with an offset disc taken away.
    const mask = c.id();
    const dx = r * rng.range(0.35, 0.55) * (rng.chance(0.5) ? 1 : -1);
    c.def(
      `<mask id="${mask}"><rect width="${SIZE}" height="${SIZE}" fill="#fff"/><circle cx="${n(x + dx)}" cy="${n(y - r * 0.18)}" r="${n(r * 0.93)}" fill="#000"/></mask>`,
    );
    c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${p.disc}" mask="url(#${mask})"/>`);
  } else {
    c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${p.disc}"/>`);
    // The moon's seas, faint: a plain white disc looks like a lamp.
    for (let i = 0; i < 4; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = rng.range(0.15, 0.55) * r;
      c.add(`<circle cx="${n(x + Math.cos(a) * d)}" cy="${n(y + Math.sin(a) * d)}" r="${n(r * rng.range(0.14, 0.3))}" fill="${shade}" opacity="0.35"/>`);
    }
  }
}

export function drawStars(c: SvgCanvas, p: Palette, rng: Rng, horizon: number, count: number, avoid?: Celestial): void {
  const groups: string[][] = [[], [], []];
  const near = (x: number, y: number) => avoid && Math.hypot(x - avoid.x, y - avoid.y) < avoid.r * 2.2;
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, SIZE);
    // More stars high up, fewer toward the hazy horizon.
    const y = horizon * rng.next() ** 1.5;
    if (near(x, y)) continue;
    const r = rng.next() < 0.85 ? rng.range(0.6, 1.3) : rng.range(1.3, 2.1);
    groups[rng.int(0, 2)]!.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"/>`);
  }
  const opacity = [0.45, 0.7, 0.95];
  groups.forEach((g, i) => c.add(`<g fill="${mix(p.disc, '#ffffff', 0.5)}" opacity="${opacity[i]}">${g.join('')}</g>`));
  // A few bright ones with a soft halo.
  for (let i = 0; i < rng.int(5, 9); i++) {
    const x = rng.range(20, SIZE - 20);
    const y = horizon * rng.next() ** 1.3 * 0.85;
    if (near(x, y)) continue;
    const glow = c.radial(
      [
        [0, '#ffffff', 0.9],
        [0.25, p.glow, 0.35],
        [1, p.glow, 0],
      ],
      x,
      y,
      rng.range(7, 12),
    );
    c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="12" fill="${glow}"/><circle cx="${n(x)}" cy="${n(y)}" r="1.7" fill="#fff"/>`);
  }
}

/** A faint band of the galaxy across the night sky, with its own crowd of small stars. */
export function drawMilkyWay(c: SvgCanvas, p: Palette, rng: Rng, horizon: number): void {
  const cx = rng.range(300, 780);
  const cy = horizon * rng.range(0.3, 0.5);
  const angle = rng.range(-40, -20) * (rng.chance(0.5) ? 1 : -1);
  const band = c.radial(
    [
      [0, mix(p.glow, '#ffffff', 0.4), 0.22],
      [0.5, p.glow, 0.08],
      [1, p.glow, 0],
    ],
    0,
    0,
    1,
  );
  c.add(`<ellipse cx="0" cy="0" rx="1" ry="1" fill="${band}" transform="translate(${n(cx)} ${n(cy)}) rotate(${n(angle)}) scale(820 120)"/>`);
  const rad = (angle * Math.PI) / 180;
  const dots: string[] = [];
  for (let i = 0; i < 140; i++) {
    const along = rng.range(-1, 1) * 760;
    const across = (rng.next() + rng.next() + rng.next() - 1.5) * 90;
    const x = cx + along * Math.cos(rad) - across * Math.sin(rad);
    const y = cy + along * Math.sin(rad) + across * Math.cos(rad);
    if (y > horizon) continue;
    dots.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(rng.range(0.4, 1))}"/>`);
  }
  c.add(`<g fill="#ffffff" opacity="0.55">${dots.join('')}</g>`);
}

/** Beams of light fanning out from a point, fading with distance. */
export function drawRays(c: SvgCanvas, p: Palette, x: number, y: number, rng: Rng, from: number, to: number, strength: number): void {
  const fill = c.radial(
    [
      [0, p.glow, strength],
      [0.45, p.glow, strength * 0.35],
      [1, p.glow, 0],
    ],
    x,
    y,
    1150,
  );
  let d = '';
  let a = from + rng.range(0, 6);
  while (a < to) {
    const w = rng.range(2.5, 6.5);
    const r1 = ((a - w / 2) * Math.PI) / 180;
    const r2 = ((a + w / 2) * Math.PI) / 180;
    d += `M${n(x)} ${n(y)}L${n(x + Math.cos(r1) * 1600)} ${n(y + Math.sin(r1) * 1600)}L${n(x + Math.cos(r2) * 1600)} ${n(y + Math.sin(r2) * 1600)}Z`;
    a += w + rng.range(5, 14);
  }
  c.add(`<path d="${d}" fill="${fill}"/>`);
}

/** Long wisps of cloud lit from below, as at dawn and dusk: a few thin strands each, fading at both ends. */
export function drawStreakClouds(c: SvgCanvas, p: Palette, rng: Rng, top: number, bottom: number, count: number): void {
  const fade = c.id();
  c.def(
    `<linearGradient id="${fade}"><stop offset="0" stop-color="${p.cloud}" stop-opacity="0"/><stop offset="0.35" stop-color="${p.cloud}"/><stop offset="0.65" stop-color="${p.cloud}"/><stop offset="1" stop-color="${p.cloud}" stop-opacity="0"/></linearGradient>`,
  );
  let strands = '';
  for (let i = 0; i < count; i++) {
    const cx = rng.range(-100, SIZE + 100);
    const cy = rng.range(top, bottom);
    const rx = rng.range(160, 380);
    for (let k = rng.int(2, 4); k > 0; k--) {
      const ry = rng.range(2.5, 8);
      strands += `<ellipse cx="${n(cx + rng.range(-0.3, 0.3) * rx)}" cy="${n(cy + rng.range(-10, 10))}" rx="${n(rx * rng.range(0.5, 1))}" ry="${n(ry)}" opacity="${n2(rng.range(0.2, 0.5))}"/>`;
    }
  }
  c.add(`<g fill="url(#${fade})">${strands}</g>`);
}

/** Rounded fair-weather clouds with flat, shaded bases: a heap of lumps, the biggest in the middle. */
export function drawPuffyClouds(c: SvgCanvas, p: Palette, rng: Rng, top: number, bottom: number, count: number, sun: Celestial): void {
  const placed: Box[] = [];
  for (let i = 0, tries = 0; i < count && tries < 40; tries++) {
    const w = rng.range(150, 320);
    const cx = rng.range(-40, SIZE + 40);
    const base = rng.range(top, bottom);
    // Clouds neither cover the sun (it would shine through) nor pile on one another.
    const box = { x: cx - w / 2, y: base - w * 0.45, w, h: w * 0.45 };
    const disc = { x: sun.x - sun.r * 1.6, y: sun.y - sun.r * 1.6, w: sun.r * 3.2, h: sun.r * 3.2 };
    if (overlaps(box, disc) || placed.some((b) => overlaps(box, b))) continue;
    placed.push(box);
    i++;
    const clip = c.id();
    c.def(`<clipPath id="${clip}"><rect x="${n(cx - w)}" y="0" width="${n(w * 2)}" height="${n(base)}"/></clipPath>`);
    const fill = c.linear(
      [
        [0, mix(p.cloud, '#ffffff', 0.3)],
        [0.55, p.cloud],
        [1, mix(p.cloud, p.sky[1], 0.45)],
      ],
      0,
      base - w * 0.42,
      0,
      base,
    );
    let lumps = '';
    const parts = rng.int(7, 11);
    for (let k = 0; k < parts; k++) {
      const t = rng.next();
      const swell = Math.sin(Math.PI * t);
      const r = w * (0.07 + 0.17 * swell) * rng.range(0.8, 1.2);
      lumps += `<circle cx="${n(cx - w / 2 + t * w)}" cy="${n(base - r * rng.range(0.3, 0.9))}" r="${n(r)}"/>`;
    }
    // A slight blur softens the lumps' edges into vapour; its region is kept to the cloud, because
    // resvg's blur costs in proportion to the area it covers.
    const soft = c.id();
    c.def(
      `<filter id="${soft}" filterUnits="userSpaceOnUse" x="${n(cx - w * 0.7)}" y="${n(base - w * 0.6)}" width="${n(w * 1.4)}" height="${n(w * 0.7)}"><feGaussianBlur stdDeviation="${n(w / 90)}"/></filter>`,
    );
    c.add(`<g filter="url(#${soft})"><g clip-path="url(#${clip})" fill="${fill}" opacity="${n2(rng.range(0.7, 0.9))}">${lumps}</g></g>`);
  }
}

/** Distant birds: small curved strokes. */
export function drawBirds(c: SvgCanvas, colour: string, rng: Rng, area: Box, count: number): void {
  let d = '';
  const x0 = rng.range(area.x, area.x + area.w);
  const y0 = rng.range(area.y, area.y + area.h);
  for (let i = 0; i < count; i++) {
    const s = rng.range(7, 13);
    const x = x0 + rng.range(-110, 110);
    const y = y0 + rng.range(-50, 50);
    const lift = rng.range(0.35, 0.6) * s;
    d += `M${n(x - s)} ${n(y)}Q${n(x - s / 2)} ${n(y - lift)} ${n(x)} ${n(y)}Q${n(x + s / 2)} ${n(y - lift)} ${n(x + s)} ${n(y)}`;
  }
  c.add(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="2.2" stroke-linecap="round" opacity="0.75"/>`);
}

/** A dove in flight, wings raised, facing right; about 200 × 150 at scale 1. */
export function drawDove(c: SvgCanvas, p: Palette, x: number, y: number, scale: number, facingLeft: boolean): void {
  const glow = c.radial(
    [
      [0, p.glow, 0.5],
      [1, p.glow, 0],
    ],
    x,
    y,
    190 * scale,
  );
  c.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(190 * scale)}" fill="${glow}"/>`);
  const body = '#fbfaf6';
  const wing = mix(body, p.sky[1], 0.18);
  const flip = facingLeft ? -1 : 1;
  c.add(
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n2(scale * flip)} ${n2(scale)}) translate(-100 -80)">` +
      `<path d="M92 84C78 52 60 26 22 6C44 10 76 26 104 54C112 62 116 74 114 84Z" fill="${wing}"/>` +
      `<path d="M18 104C42 94 70 86 104 84C124 72 146 66 164 70C176 66 186 68 194 74L182 80C176 92 160 104 132 108C110 114 84 112 60 112L28 124L38 110Z" fill="${body}"/>` +
      `<path d="M100 86C106 54 124 22 158 0C150 30 144 58 132 84C122 90 108 92 100 86Z" fill="${body}"/>` +
      `<circle cx="176" cy="74" r="2.4" fill="#3a3a44"/>` +
      `</g>`,
  );
}

/** An eagle soaring with its wings spread; about 240 wide at scale 1. */
export function drawEagle(c: SvgCanvas, colour: string, x: number, y: number, scale: number): void {
  c.add(
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n2(scale)}) translate(-120 -40)" fill="${colour}">` +
      `<path d="M0 34L14 30L8 26L26 24L20 19L42 20Q78 16 108 30L114 24L122 22L128 28Q158 14 198 19L220 20L214 25L232 26L226 30L240 34Q196 32 160 40Q140 44 128 46L132 62L120 58L108 62L112 46Q100 44 80 40Q44 32 0 34Z"/>` +
      `</g>`,
  );
}

/** Sparks rising from below, for fire and the Spirit. */
export function drawEmbers(c: SvgCanvas, p: Palette, rng: Rng, bottom: number, count: number): void {
  const warm = mix(p.glow, '#ffb347', 0.5);
  const glow = c.radial(
    [
      [0, warm, 0.55],
      [1, warm, 0],
    ],
    SIZE / 2,
    bottom + 120,
    620,
    0.7,
  );
  c.add(`<rect width="${SIZE}" height="${SIZE}" fill="${glow}"/>`);
  let dots = '';
  for (let i = 0; i < count; i++) {
    const x = SIZE / 2 + (rng.next() - 0.5) * rng.range(300, 1000);
    const y = bottom - rng.next() ** 1.6 * bottom * 0.7;
    dots += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rng.range(1.2, 3.4))}" opacity="${n2(rng.range(0.35, 0.95))}"/>`;
  }
  c.add(`<g fill="${mix(warm, '#ffffff', 0.4)}">${dots}</g>`);
}

export function drawVignette(c: SvgCanvas, strength: number): void {
  const fill = c.radial(
    [
      [0, '#000000', 0],
      [0.55, '#000000', 0],
      [0.8, '#000000', strength * 0.45],
      [1, '#000000', strength],
    ],
    SIZE / 2,
    SIZE * 0.5,
    SIZE * 0.76,
  );
  c.add(`<rect width="${SIZE}" height="${SIZE}" fill="${fill}"/>`);
}
