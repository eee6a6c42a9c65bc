import satori, { type Font } from 'satori';

/** Past this many characters a verse is cut at a word and ends with an ellipsis: a picture is not a page. */
export const MAX_CHARS = 420;

type Child = Element | string;
/** The element tree satori lays out, written as plain objects (the server has no JSX). */
export interface Element {
  type: string;
  props: { style?: Record<string, string | number>; children?: Child | Child[] };
}

export function el(style: Record<string, string | number>, children?: Child | Child[]): Element {
  return { type: 'div', props: { style, children } };
}

/** The words as set: one line of plain text, cut at a word when too long. */
export function clampText(text: string, max = MAX_CHARS): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** Whether the words run right to left (Hebrew, Arabic, Syriac): most of their letters do. */
export function isRightToLeft(text: string): boolean {
  const rtl = text.match(/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/g)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return rtl > letters / 2;
}

/** Lays the tree out at `width` and answers the SVG and the height it takes. */
export async function layout(element: Element, fonts: Font[], width: number, height?: number): Promise<{ svg: string; height: number }> {
  const node = element as unknown as Parameters<typeof satori>[0];
  const svg = height === undefined ? await satori(node, { width, fonts }) : await satori(node, { width, height, fonts });
  const measured = /^<svg[^>]*\bheight="([\d.]+)"/.exec(svg);
  return { svg, height: measured ? Number(measured[1]) : 0 };
}

/**
 * The largest font size, from `max` down to `min`, at which `build(size)` fits in `maxHeight`. Text
 * takes an area that grows with the square of its size, which gives a good second guess; then it
 * steps down until it fits, so three or four layouts usually settle it.
 */
export async function fitFontSize(
  build: (size: number) => Element,
  fonts: Font[],
  width: number,
  maxHeight: number,
  max: number,
  min: number,
): Promise<{ size: number; height: number }> {
  let size = max;
  let { height } = await layout(build(size), fonts, width);
  if (height <= maxHeight) return { size, height };
  size = Math.max(min, Math.min(size - 1, Math.floor(size * Math.sqrt(maxHeight / height))));
  ({ height } = await layout(build(size), fonts, width));
  while (height > maxHeight && size > min) {
    size = Math.max(min, size - Math.max(1, Math.round(size * 0.05)));
    ({ height } = await layout(build(size), fonts, width));
  }
  return { size, height };
}

/** The inside of satori's <svg>, to lay over a scene in the same document. */
export function svgInner(svg: string): string {
  return svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
}
