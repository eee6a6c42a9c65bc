import { rgba } from './colour.ts';
import { FAMILY, fontSet } from './fonts.ts';
import type { Panel } from './legibility.ts';
import type { Box } from './scene-sky.ts';
import { SIZE } from './svg.ts';
import { clampText, el, type Element, fitFontSize, isRightToLeft } from './text-fit.ts';

const PANEL_W = 920;
const PAD_X = 64;
const PAD_Y = 54;
/** A panel's height while the verse can be set at a comfortable size; then up to the most, which the longest verse needs. */
const EASY_PANEL_H = 540;
const MAX_PANEL_H = 760;
const TOP_MIN = 72;
/** Where a short verse's panel is centred: a little above the middle, over the sky. */
const CENTRE_Y = SIZE * 0.41;
const LARGEST = 60;
/** Below this a verse gets a taller panel before it gets smaller words. */
const COMFORTABLE = 40;
const SMALLEST = 28;

export const verseFonts = () => fontSet(FAMILY.garamond, FAMILY.inter);

export interface VerseLayout {
  /** Where the panel goes: the scene keeps its sun and doves out of it. */
  panel: Box;
  size: number;
  /** The words on the whole picture, once the panel's colours are known. */
  overlay(panel: Panel): Element;
}

function panelElement(text: string, reference: string, translation: string, size: number, panel: Panel | undefined, rtl: boolean): Element {
  const ink = panel?.ink ?? '#ffffff';
  const refSize = Math.round(Math.max(19, Math.min(27, size * 0.44)));
  return el(
    {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      width: PANEL_W,
      padding: `${PAD_Y}px ${PAD_X}px`,
      boxSizing: 'border-box',
      borderRadius: 36,
      backgroundColor: panel ? rgba(panel.colour, panel.alpha) : 'transparent',
      border: `1.5px solid ${panel?.dark === false ? 'rgba(255,255,255,0.55)' : 'rgba(255,255,255,0.14)'}`,
    },
    [
      el(
        {
          fontFamily: FAMILY.garamond,
          fontWeight: 500,
          fontSize: size,
          lineHeight: 1.3,
          color: ink,
          textAlign: 'center',
          textWrap: 'balance',
          // A word longer than a line (a long name, a URL) breaks rather than running off the picture.
          overflowWrap: 'break-word',
          direction: rtl ? 'rtl' : 'ltr',
        },
        text,
      ),
      el({ width: 56, height: 2, marginTop: Math.round(size * 0.55), marginBottom: Math.round(size * 0.42), backgroundColor: rgba(ink, 0.5) }),
      el({ display: 'flex', alignItems: 'center', fontFamily: FAMILY.inter, fontSize: refSize, color: ink }, [
        el({ fontWeight: 600, letterSpacing: refSize * 0.12, textTransform: 'uppercase' }, reference),
        el({ width: 5, height: 5, borderRadius: 3, margin: `0 ${Math.round(refSize * 0.6)}px`, backgroundColor: rgba(ink, 0.55) }),
        el({ fontWeight: 500, fontSize: Math.round(refSize * 0.8), letterSpacing: refSize * 0.1, opacity: 0.85 }, translation),
      ]),
    ],
  );
}

/** Sizes the verse to fit its panel (long verses smaller) and places the panel over the sky. */
export async function layoutVerse(words: string, reference: string, translation: string): Promise<VerseLayout> {
  const text = clampText(words);
  const rtl = isRightToLeft(text);
  const build = (s: number) => panelElement(text, reference, translation, s, undefined, rtl);
  let { size, height } = await fitFontSize(build, verseFonts(), PANEL_W, EASY_PANEL_H, LARGEST, COMFORTABLE);
  if (height > EASY_PANEL_H) ({ size, height } = await fitFontSize(build, verseFonts(), PANEL_W, MAX_PANEL_H, COMFORTABLE, SMALLEST));
  const top = Math.round(Math.max(TOP_MIN, CENTRE_Y - height / 2));
  const panel: Box = { x: (SIZE - PANEL_W) / 2, y: top, w: PANEL_W, h: height };
  return {
    panel,
    size,
    overlay: (style) =>
      el({ display: 'flex', position: 'relative', width: SIZE, height: SIZE }, [
        el({ display: 'flex', position: 'absolute', left: panel.x, top: panel.y }, [panelElement(text, reference, translation, size, style, rtl)]),
      ]),
  };
}
