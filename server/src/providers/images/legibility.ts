import { blend, contrast, luminance, parseHex, type Rgb } from './colour.ts';
import type { Box } from './scene-sky.ts';
import { SIZE } from './svg.ts';

/** A small RGBA rendering of a picture's background, to see how light it is where words will go. */
export interface LightMap {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** The lightest and darkest colours under a box (ignoring the brightest and darkest 2 %: a star is not a sky). */
export interface Extremes {
  light: Rgb;
  dark: Rgb;
}

export function extremesIn(map: LightMap, box: Box): Extremes {
  const sx = map.width / SIZE;
  const sy = map.height / SIZE;
  const x0 = Math.max(0, Math.floor(box.x * sx));
  const x1 = Math.min(map.width, Math.ceil((box.x + box.w) * sx));
  const y0 = Math.max(0, Math.floor(box.y * sy));
  const y1 = Math.min(map.height, Math.ceil((box.y + box.h) * sy));
  const samples: { l: number; c: Rgb }[] = [];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * map.width + x) * 4;
      const c: Rgb = [map.rgba[i]!, map.rgba[i + 1]!, map.rgba[i + 2]!];
      samples.push({ l: luminance(c), c });
    }
  if (samples.length === 0) return { light: [255, 255, 255], dark: [0, 0, 0] };
  samples.sort((a, b) => a.l - b.l);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.c;
  return { light: at(0.98), dark: at(0.02) };
}

/** Contrast the words must keep with whatever is behind them: WCAG's 4.5 for body text, and a margin for compression. */
export const TARGET_CONTRAST = 5.5;

export interface Panel {
  /** The panel's colour and how opaque it is laid over the picture. */
  colour: string;
  alpha: number;
  /** The words' colour. */
  ink: string;
  /** Whether the panel is dark (light words) or light (dark words). */
  dark: boolean;
}

/** The least opacity of `colour` over the background that keeps `ink` readable on its lightest and darkest parts. */
export function alphaFor(colour: string, ink: string, under: Extremes, target = TARGET_CONTRAST, floor = 0): number {
  const c = parseHex(colour);
  const inkL = luminance(parseHex(ink));
  for (let alpha = floor; alpha < 1; alpha += 0.02) {
    const ok = [under.light, under.dark].every((bg) => contrast(inkL, luminance(blend(bg, c, alpha))) >= target);
    if (ok) return Math.round(alpha * 100) / 100;
  }
  return 1;
}

/**
 * A panel for words over a picture: dark with light words, or light with dark words, whichever needs
 * to hide less of the picture, dark winning near-ties (it suits most scenes better). It never goes
 * below `floor`, so a panel always reads as a panel.
 */
export function choosePanel(under: Extremes, deep: string, floor: number): Panel {
  const lightInk = '#fffaf0';
  const darkAlpha = Math.max(floor, alphaFor(deep, lightInk, under));
  const lightAlpha = Math.max(floor + 0.15, alphaFor('#ffffff', deep, under));
  return lightAlpha + 0.15 < darkAlpha
    ? { colour: '#ffffff', alpha: lightAlpha, ink: deep, dark: false }
    : { colour: deep, alpha: darkAlpha, ink: lightInk, dark: true };
}
