import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { layoutCaption, captionFonts } from './caption-overlay.ts';
import type { PassageInput, ShareCardInput } from './image-engine.ts';
import { alphaFor, choosePanel, extremesIn, type LightMap } from './legibility.ts';
import { composeScene, type Scene, sceneSvg } from './scene.ts';
import type { Box } from './scene-sky.ts';
import { shareCardSvg } from './share-card.ts';
import { n2, SIZE, svgDocument } from './svg.ts';
import { layout, svgInner } from './text-fit.ts';
import { layoutVerse, verseFonts } from './verse-overlay.ts';

/** What a picture worker is asked to make. */
export type PictureTask =
  | ({
      kind: 'verse' | 'chapter';
      /**
       * A picture made elsewhere (an image model: PNG, JPEG or WebP, any size) to use instead of a
       * composed scene; it is cropped to fill the square, and the words are set on it the same way.
       */
      backdrop?: Uint8Array;
      /** What the backdrop shows, in a plain sentence, when its maker can say. */
      backdropDescription?: string;
    } & PassageInput)
  | ({ kind: 'card' } & ShareCardInput);

/** A picture as it comes back from the worker (byte arrays cross threads as Uint8Array, not Buffer). */
export interface PictureResult {
  image: Uint8Array;
  thumbnail: Uint8Array;
  width: number;
  height: number;
  description: string;
}

export const THUMBNAIL_WIDTH = 400;
/** WebP quality: vector scenes are smooth gradients, which band below about 80. */
const QUALITY = 84;
/** libwebp's effort: 2 encodes in half the time of the default 4, for files a few per cent larger. */
const EFFORT = 2;
/** The side of the small rendering used to judge how light the picture is under the words. */
const MAP_SIZE = 120;
/** A panel is never fainter than this, so it always reads as a panel and not as a smudge. */
const PANEL_FLOOR = 0.34;
/** A chapter caption's shade: the least, for its look, and as much as legibility asks. */
const SCRIM_FLOOR = 0.3;
const SCRIM_HEIGHT = 420;

// Pictures carry no <text>: satori turns letters into paths, so resvg need not look for system fonts.
const RESVG_OPTIONS = { font: { loadSystemFonts: false } } as const;

interface Background {
  /** SVG markup that paints the whole square. */
  content: string;
  map: LightMap;
  scene?: Scene;
}

function mapOf(svg: string): LightMap {
  const small = new Resvg(svg, { ...RESVG_OPTIONS, fitTo: { mode: 'width', value: MAP_SIZE } }).render();
  return { width: small.width, height: small.height, rgba: small.pixels };
}

function sceneBackground(input: PassageInput, kind: 'verse' | 'chapter', keepClear: Box): Background {
  const scene = composeScene(input, { kind, keepClear });
  return { content: scene.content, map: mapOf(sceneSvg(scene)), scene };
}

async function backdropBackground(bytes: Uint8Array): Promise<Background> {
  // Turned upright by its EXIF, cropped to the square around what draws the eye.
  const square = await sharp(bytes)
    .rotate()
    .resize(SIZE, SIZE, { fit: 'cover', position: sharp.strategy.attention })
    .removeAlpha()
    .jpeg({ quality: 92 })
    .toBuffer();
  const small = await sharp(square).resize(MAP_SIZE, MAP_SIZE).ensureAlpha().raw().toBuffer();
  return {
    content: `<image href="data:image/jpeg;base64,${square.toString('base64')}" x="0" y="0" width="${SIZE}" height="${SIZE}"/>`,
    map: { width: MAP_SIZE, height: MAP_SIZE, rgba: small },
  };
}

async function encode(svg: string): Promise<Omit<PictureResult, 'description'>> {
  const rendered = new Resvg(svg, RESVG_OPTIONS).render();
  const raw = { raw: { width: rendered.width, height: rendered.height, channels: 4 as const } };
  const [image, thumbnail] = await Promise.all([
    sharp(rendered.pixels, raw).removeAlpha().webp({ quality: QUALITY, effort: EFFORT }).toBuffer(),
    sharp(rendered.pixels, raw).removeAlpha().resize(THUMBNAIL_WIDTH).webp({ quality: 80, effort: EFFORT }).toBuffer(),
  ]);
  return { image, thumbnail, width: rendered.width, height: rendered.height };
}

async function versePicture(task: PassageInput & { backdrop?: Uint8Array; backdropDescription?: string }): Promise<PictureResult> {
  const words = await layoutVerse(task.text, task.reference, task.translation);
  const bg = task.backdrop ? await backdropBackground(task.backdrop) : sceneBackground(task, 'verse', words.panel);
  const panel = choosePanel(extremesIn(bg.map, words.panel), bg.scene?.palette.deep ?? '#111318', PANEL_FLOOR);
  const overlay = await layout(words.overlay(panel), verseFonts(), SIZE, SIZE);
  const picture = await encode(svgDocument(bg.content + svgInner(overlay.svg)));
  const shows = bg.scene?.description ?? task.backdropDescription ?? `An illustration for ${task.reference}.`;
  return { ...picture, description: `${shows} The words of ${task.reference} are set over it on a ${panel.dark ? 'dark' : 'light'} panel.` };
}

/** A shade rising from the foot of the picture, as dark as the caption over it needs. */
function scrim(caption: Box, map: LightMap): string {
  const top = SIZE - SCRIM_HEIGHT;
  const needed = alphaFor('#000000', '#ffffff', extremesIn(map, caption), 4.5);
  // The gradient is fainter at the caption's top than at the foot of the picture.
  const share = Math.max(0.2, (caption.y - top) / SCRIM_HEIGHT);
  const strength = Math.min(0.92, Math.max(SCRIM_FLOOR, needed / share));
  return (
    `<defs><linearGradient id="caption-shade" x1="0" y1="${top}" x2="0" y2="${SIZE}" gradientUnits="userSpaceOnUse">` +
    `<stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.55" stop-color="#000" stop-opacity="${n2(strength * 0.5)}"/><stop offset="1" stop-color="#000" stop-opacity="${n2(strength)}"/>` +
    `</linearGradient></defs><rect x="0" y="${top}" width="${SIZE}" height="${SCRIM_HEIGHT}" fill="url(#caption-shade)"/>`
  );
}

/** A scene with no words on it keeps no part of itself clear. */
const NOTHING_TO_KEEP_CLEAR: Box = { x: 0, y: 0, w: 0, h: 0 };

async function chapterPicture(task: PassageInput & { backdrop?: Uint8Array; backdropDescription?: string }): Promise<PictureResult> {
  if (task.caption === false) {
    const bg = task.backdrop ? await backdropBackground(task.backdrop) : sceneBackground(task, 'chapter', NOTHING_TO_KEEP_CLEAR);
    return {
      ...(await encode(svgDocument(bg.content))),
      description: bg.scene?.description ?? task.backdropDescription ?? `An illustration for ${task.reference}.`,
    };
  }
  const caption = await layoutCaption(task.reference, task.translation);
  const bg = task.backdrop ? await backdropBackground(task.backdrop) : sceneBackground(task, 'chapter', caption.box);
  const overlay = await layout(caption.overlay, captionFonts(), SIZE, SIZE);
  const picture = await encode(svgDocument(bg.content + scrim(caption.box, bg.map) + svgInner(overlay.svg)));
  return { ...picture, description: bg.scene?.description ?? task.backdropDescription ?? `An illustration for ${task.reference}.` };
}

async function shareCard(task: ShareCardInput): Promise<PictureResult> {
  const card = await shareCardSvg(task);
  return { ...(await encode(card.svg)), description: card.description };
}

/** Makes one picture, in this thread: the worker's whole job, and what the benchmark times. */
export function renderPicture(task: PictureTask): Promise<PictureResult> {
  if (task.kind === 'card') return shareCard(task);
  return task.kind === 'verse' ? versePicture(task) : chapterPicture(task);
}
