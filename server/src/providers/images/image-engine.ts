import type { FontStyle } from '#common/pictures/rules.ts';

export type { FontStyle };

/** A passage to picture: the store's text of it, never the client's. */
export interface PassageInput {
  /** "John 3:16", "Psalm 23". */
  reference: string;
  /** The words to set on the picture (a verse), or the chapter's opening words to read themes from. */
  text: string;
  /** Translation code shown small on the picture ("KJV"). */
  translation: string;
  /** Makes a different picture of the same passage (regenerate, a second visualization). */
  seed: number;
  /** False for the scene alone, without the reference set on it (an article's picture, whose card has its title). */
  caption?: boolean;
}

/** A typographic share graphic (spec §3 Shared verse): the person's colours and font style. */
export interface ShareCardInput {
  reference: string;
  text: string;
  fontStyle: FontStyle;
  backgroundColor: string;
  textColor: string;
}

export interface RenderedPicture {
  /** WebP, `width` × `height`. */
  image: Buffer;
  /** WebP, 400 px wide, for grids. */
  thumbnail: Buffer;
  width: number;
  height: number;
  /** One or two plain sentences saying what the picture shows (the chapter gallery's description, alt text). */
  description: string;
}

/**
 * Makes pictures of passages: the embedded engine (scenes composed from vector elements chosen by the
 * passage's words, rendered with satori + resvg and encoded with sharp, offline) or an OpenAI-compatible
 * image service for the backdrop. Verse text on a picture is always set by our own renderer.
 */
export interface ImageEngine {
  /** Names what makes the pictures (engine, model, version): part of every stored file's key. */
  readonly id: string;
  /** A verse visualization: a scene with the verse and its reference set on it, 1080 × 1080. */
  versePicture(input: PassageInput): Promise<RenderedPicture>;
  /** A chapter illustration: a scene from the chapter's themes with the reference as a caption, 1080 × 1080. */
  chapterPicture(input: PassageInput): Promise<RenderedPicture>;
  /** A share graphic: the verse set in the chosen font on the chosen colours, 1080 × 1080. */
  shareCard(input: ShareCardInput): Promise<RenderedPicture>;
  close(): Promise<void>;
}
