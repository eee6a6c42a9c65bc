import { parseHex } from './colour.ts';

const HUES: readonly [upTo: number, name: string][] = [
  [12, 'red'],
  [40, 'orange'],
  [52, 'gold'],
  [68, 'yellow'],
  [160, 'green'],
  [195, 'teal'],
  [248, 'blue'],
  [290, 'purple'],
  [325, 'magenta'],
  [348, 'rose'],
  [360, 'red'],
];

/** A plain name for a colour, for descriptions and alt text: "deep rose", "pale green", "charcoal". */
export function colourName(hex: string): string {
  const [r, g, b] = parseHex(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * light - 1));
  if (saturation < 0.12 || chroma < 0.11) {
    if (light > 0.94) return 'white';
    if (light > 0.7) return 'light grey';
    if (light > 0.4) return 'grey';
    if (light > 0.12) return 'charcoal';
    return 'black';
  }
  let hue = 0;
  if (max === r) hue = ((g - b) / chroma + 6) % 6;
  else if (max === g) hue = (b - r) / chroma + 2;
  else hue = (r - g) / chroma + 4;
  hue *= 60;
  let name = HUES.find(([upTo]) => hue < upTo)?.[1] ?? 'red';
  if (name === 'orange' && light < 0.4) name = 'burnt orange';
  if (name === 'gold' && light < 0.3) name = 'bronze';
  if (light < 0.12) return `very dark ${name}`;
  if (light < 0.32) return `deep ${name}`;
  if (light > 0.9) return `pale ${name}`;
  if (light > 0.7) return `light ${name}`;
  return name;
}
