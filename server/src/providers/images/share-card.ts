import type { Font } from 'satori';
import { colourName } from './colour-names.ts';
import { rgba } from './colour.ts';
import { CARD_FACES, type CardFace, fontSet } from './fonts.ts';
import type { ShareCardInput } from './image-engine.ts';
import { SIZE } from './svg.ts';
import { clampText, el, type Element, fitFontSize, isRightToLeft, layout } from './text-fit.ts';

const PAD = 120;
const INNER = SIZE - 2 * PAD;
const LARGEST = 80;
const SMALLEST = 26;

function body(face: CardFace, text: string, reference: string, ink: string, size: number, rtl: boolean): Element {
  const refSize = Math.round(Math.max(24, Math.min(32, size * 0.5)));
  const caps = face.reference.caps;
  return el({ display: 'flex', flexDirection: 'column', alignItems: 'center', width: INNER }, [
    // An opening quotation mark, large and faint, as the card's one ornament.
    el(
      {
        fontFamily: face.quote,
        fontStyle: face.italic ? 'italic' : 'normal',
        fontWeight: face.quote === face.family ? face.weight : 400,
        fontSize: 180,
        lineHeight: 1,
        height: 100,
        color: rgba(ink, 0.35),
      },
      '\u201c',
    ),
    el(
      {
        fontFamily: face.family,
        fontStyle: face.italic ? 'italic' : 'normal',
        fontWeight: face.weight,
        fontSize: size,
        lineHeight: face.weight >= 700 ? 1.22 : 1.32,
        letterSpacing: face.weight >= 700 ? -0.01 * size : 0,
        color: ink,
        textAlign: 'center',
        textWrap: 'balance',
        // A word longer than a line (a long name, a URL) breaks rather than running off the picture.
        overflowWrap: 'break-word',
        direction: rtl ? 'rtl' : 'ltr',
      },
      text,
    ),
    el({ width: 72, height: 2, marginTop: Math.round(size * 0.7), marginBottom: Math.round(size * 0.5), backgroundColor: rgba(ink, 0.45) }),
    el(
      {
        fontFamily: face.reference.family,
        fontStyle: face.reference.italic ? 'italic' : 'normal',
        fontWeight: face.reference.weight,
        fontSize: caps ? Math.round(refSize * 0.82) : refSize,
        letterSpacing: caps ? refSize * 0.16 : 0,
        textTransform: caps ? 'uppercase' : 'none',
        color: rgba(ink, 0.88),
      },
      reference,
    ),
  ]);
}

function fontsFor(face: CardFace): Font[] {
  return fontSet(face.family, face.reference.family, face.quote);
}

/**
 * The typographic share card as SVG: the person's colours, the style's typeface, the verse as large
 * as fits, its reference under a thin rule; classic and elegant cards get a hairline frame.
 */
export async function shareCardSvg(input: ShareCardInput): Promise<{ svg: string; description: string }> {
  const face = CARD_FACES[input.fontStyle];
  const text = clampText(input.text);
  const rtl = isRightToLeft(text);
  const fonts = fontsFor(face);
  const ink = input.textColor;
  const { size } = await fitFontSize((s) => body(face, text, input.reference, ink, s, rtl), fonts, INNER, SIZE - 2 * PAD + 20, LARGEST, SMALLEST);
  const framed = input.fontStyle === 'classic' || input.fontStyle === 'elegant';
  const card = el(
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      position: 'relative',
      width: SIZE,
      height: SIZE,
      backgroundColor: input.backgroundColor,
    },
    [
      ...(framed ? [el({ position: 'absolute', left: 48, top: 48, right: 48, bottom: 48, border: `1.5px solid ${rgba(ink, 0.28)}` })] : []),
      body(face, text, input.reference, ink, size, rtl),
    ],
  );
  const { svg } = await layout(card, fonts, SIZE, SIZE);
  const description = `${input.reference} set in ${colourName(ink)} ${face.name} on ${colourName(input.backgroundColor)}.`;
  return { svg, description };
}
