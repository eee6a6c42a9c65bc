import { FAMILY, fontSet } from './fonts.ts';
import type { Box } from './scene-sky.ts';
import { SIZE } from './svg.ts';
import { el, type Element, fitFontSize } from './text-fit.ts';

const MARGIN = 64;
const WIDTH = SIZE - 2 * MARGIN;

export const captionFonts = () => fontSet(FAMILY.playfair, FAMILY.inter);

export interface CaptionLayout {
  /** Roughly where the caption's letters are, to measure the picture under them. */
  box: Box;
  overlay: Element;
}

function caption(reference: string, translation: string, size: number): Element {
  return el({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', width: WIDTH }, [
    el({ fontFamily: FAMILY.playfair, fontStyle: 'italic', fontSize: size, lineHeight: 1.15, color: '#ffffff' }, reference),
    el({ display: 'flex', alignItems: 'center', marginTop: 14 }, [
      el({ width: 36, height: 2, marginRight: 14, backgroundColor: 'rgba(255,255,255,0.7)' }),
      el({ fontFamily: FAMILY.inter, fontWeight: 600, fontSize: 17, letterSpacing: 3.5, color: 'rgba(255,255,255,0.88)' }, translation.toUpperCase()),
    ]),
  ]);
}

/** The chapter's reference as a caption in the lower left: a title, never a paragraph. */
export async function layoutCaption(reference: string, translation: string): Promise<CaptionLayout> {
  const { size, height } = await fitFontSize((s) => caption(reference, translation, s), captionFonts(), WIDTH, 150, 62, 34);
  const width = Math.min(WIDTH, reference.length * size * 0.52 + 24);
  return {
    box: { x: MARGIN, y: SIZE - MARGIN - height, w: width, h: height },
    overlay: el({ display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', width: SIZE, height: SIZE, padding: MARGIN, boxSizing: 'border-box' }, [
      caption(reference, translation, size),
    ]),
  };
}
