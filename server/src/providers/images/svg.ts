/** The side of every picture, in pixels: scenes are drawn in these units. */
export const SIZE = 1080;

/** A number short enough for SVG: a tenth of a pixel is finer than anyone sees, and keeps the file small. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Opacities and scales: two decimals. */
export function n2(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Gradient offsets: three decimals, as a stop a pixel off can show as a step in a smooth sky. */
export function n3(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

export type Point = readonly [number, number];

/** A smooth curve through the points (Catmull-Rom as cubic Béziers), without the leading M. */
export function smoothThrough(points: readonly Point[]): string {
  let d = '';
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(points.length - 1, i + 2)]!;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

export type Stop = readonly [offset: number, colour: string, opacity?: number];

const stopsMarkup = (stops: readonly Stop[]) =>
  stops.map(([o, c, a]) => `<stop offset="${n3(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${n2(a)}"`}/>`).join('');

/**
 * A scene being drawn: gradients go to <defs> under fresh ids, shapes to the body in painting order.
 * Ids carry a prefix so the text layer's own ids (satori's) never meet them.
 */
export class SvgCanvas {
  private readonly body: string[] = [];

  constructor(
    private readonly defs: string[] = [],
    private readonly counter = { next: 0 },
  ) {}

  id(): string {
    return `sc${this.counter.next++}`;
  }

  /** A canvas whose shapes are kept apart (to be reused, as in a reflection) but whose ids and gradients are this one's. */
  sketch(): SvgCanvas {
    return new SvgCanvas(this.defs, this.counter);
  }

  /** The shapes alone, without <defs>. */
  shapes(): string {
    return this.body.join('');
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(markup: string): void {
    this.body.push(markup);
  }

  /** A gradient along a line in picture units; answers `url(#id)`. */
  linear(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.id();
    this.def(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A round gradient in picture units, squashed vertically by `squash` (1 = round). */
  radial(stops: readonly Stop[], cx: number, cy: number, r: number, squash = 1): string {
    const id = this.id();
    const transform = squash === 1 ? '' : ` gradientTransform="translate(0 ${n(cy * (1 - squash))}) scale(1 ${squash})"`;
    this.def(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${transform}>${stopsMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** The inside of the <svg> element: <defs> and the shapes. */
  content(): string {
    return `<defs>${this.defs.join('')}</defs>${this.body.join('')}`;
  }
}

/** A whole SVG document of the picture's size around `content`. */
export function svgDocument(content: string, size = SIZE): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${SIZE} ${SIZE}">${content}</svg>`;
}
