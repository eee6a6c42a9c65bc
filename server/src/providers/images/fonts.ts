import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Font } from 'satori';
import type { FontStyle } from './image-engine.ts';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The families pictures are set in, by the name satori knows them by. */
export const FAMILY = {
  garamond: 'EB Garamond',
  inter: 'Inter',
  playfair: 'Playfair Display',
  montserrat: 'Montserrat',
  dejavuSans: 'DejaVu Sans',
  dejavuSerif: 'DejaVu Serif',
} as const;

// TTF only: satori reads TTF and OTF (not WOFF2), and these packages ship TTF.
const FILES: readonly { family: string; pkg: string; file: string; weight: Font['weight']; style: Font['style'] }[] = [
  { family: FAMILY.garamond, pkg: '@expo-google-fonts/eb-garamond', file: '400Regular/EBGaramond_400Regular.ttf', weight: 400, style: 'normal' },
  { family: FAMILY.garamond, pkg: '@expo-google-fonts/eb-garamond', file: '500Medium/EBGaramond_500Medium.ttf', weight: 500, style: 'normal' },
  { family: FAMILY.garamond, pkg: '@expo-google-fonts/eb-garamond', file: '400Regular_Italic/EBGaramond_400Regular_Italic.ttf', weight: 400, style: 'italic' },
  { family: FAMILY.inter, pkg: '@expo-google-fonts/inter', file: '400Regular/Inter_400Regular.ttf', weight: 400, style: 'normal' },
  { family: FAMILY.inter, pkg: '@expo-google-fonts/inter', file: '500Medium/Inter_500Medium.ttf', weight: 500, style: 'normal' },
  { family: FAMILY.inter, pkg: '@expo-google-fonts/inter', file: '600SemiBold/Inter_600SemiBold.ttf', weight: 600, style: 'normal' },
  { family: FAMILY.playfair, pkg: '@expo-google-fonts/playfair-display', file: '400Regular/PlayfairDisplay_400Regular.ttf', weight: 400, style: 'normal' },
  {
    family: FAMILY.playfair,
    pkg: '@expo-google-fonts/playfair-display',
    file: '400Regular_Italic/PlayfairDisplay_400Regular_Italic.ttf',
    weight: 400,
    style: 'italic',
  },
  { family: FAMILY.montserrat, pkg: '@expo-google-fonts/montserrat', file: '700Bold/Montserrat_700Bold.ttf', weight: 700, style: 'normal' },
  { family: FAMILY.montserrat, pkg: '@expo-google-fonts/montserrat', file: '800ExtraBold/Montserrat_800ExtraBold.ttf', weight: 800, style: 'normal' },
  // Greek, Hebrew, Cyrillic and the rest that the display faces lack.
  { family: FAMILY.dejavuSerif, pkg: 'dejavu-fonts-ttf', file: 'ttf/DejaVuSerif.ttf', weight: 400, style: 'normal' },
  { family: FAMILY.dejavuSans, pkg: 'dejavu-fonts-ttf', file: 'ttf/DejaVuSans.ttf', weight: 400, style: 'normal' },
  { family: FAMILY.dejavuSans, pkg: 'dejavu-fonts-ttf', file: 'ttf/DejaVuSans-Bold.ttf', weight: 700, style: 'normal' },
];

let loaded: Font[] | undefined;

/** Every face, read once per worker thread (about 3 MB). */
function allFonts(): Font[] {
  loaded ??= FILES.map((f) => ({ name: f.family, data: readFileSync(join(packageDir(f.pkg), f.file)), weight: f.weight, style: f.style }));
  return loaded;
}

const sets = new Map<string, Font[]>();

/**
 * The faces of the named families, then the fallbacks, in that order: satori looks for a glyph in
 * the families a style names, then in the other fonts in the order given. The same array is handed
 * back each time, so satori's own cache of parsed fonts keeps working.
 */
export function fontSet(...families: string[]): Font[] {
  const key = families.join('|');
  let set = sets.get(key);
  if (!set) {
    const order = [...families, FAMILY.dejavuSerif, FAMILY.dejavuSans];
    set = order.flatMap((family, i) => (order.indexOf(family) === i ? allFonts().filter((f) => f.name === family) : []));
    sets.set(key, set);
  }
  return set;
}

/** How each share-card style sets the verse and its reference. */
export interface CardFace {
  family: string;
  weight: 400 | 500 | 600 | 700 | 800;
  italic: boolean;
  /** Said in the description: "Playfair Display italic". */
  name: string;
  reference: { family: string; weight: 400 | 500 | 600 | 700 | 800; italic: boolean; caps: boolean };
  /** The family whose opening quotation mark decorates the card. */
  quote: string;
}

export const CARD_FACES: Record<FontStyle, CardFace> = {
  classic: {
    family: FAMILY.garamond,
    weight: 400,
    italic: false,
    name: 'EB Garamond',
    reference: { family: FAMILY.garamond, weight: 400, italic: true, caps: false },
    quote: FAMILY.garamond,
  },
  modern: {
    family: FAMILY.inter,
    weight: 400,
    italic: false,
    name: 'Inter',
    reference: { family: FAMILY.inter, weight: 600, italic: false, caps: true },
    // Inter's quotation marks are plain ticks; Playfair's are a proper ornament.
    quote: FAMILY.playfair,
  },
  elegant: {
    family: FAMILY.playfair,
    weight: 400,
    italic: true,
    name: 'Playfair Display italic',
    reference: { family: FAMILY.playfair, weight: 400, italic: false, caps: true },
    quote: FAMILY.playfair,
  },
  bold: {
    family: FAMILY.montserrat,
    weight: 800,
    italic: false,
    name: 'Montserrat ExtraBold',
    reference: { family: FAMILY.montserrat, weight: 700, italic: false, caps: true },
    quote: FAMILY.montserrat,
  },
};
