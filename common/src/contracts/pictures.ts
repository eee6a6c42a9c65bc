import { z } from 'zod';
import { FONT_STYLES, PICTURE_MESSAGES, SHARE_PRESETS, VISUALIZATIONS_FETCHED, CHAPTER_PICTURES_FETCHED } from '../pictures/rules.ts';

const reference = z.string({ error: PICTURE_MESSAGES.noVerse }).trim().min(1, PICTURE_MESSAGES.noVerse).max(100, 'That reference is too long.');
const verseText = z
  .string({ error: PICTURE_MESSAGES.noVerse })
  .max(20_000, 'That passage is too long for a picture.')
  .refine((t) => t.trim() !== '', PICTURE_MESSAGES.noVerse);
const translation = z.string({ error: 'Choose a translation.' }).trim().min(1, 'Choose a translation.').max(16, 'Choose a translation.');
/** Picture ids and share codes: lower-case letters and digits (they name stored files too). */
export const pictureId = z.string().regex(/^[a-z0-9]{6,32}$/, 'There is no picture with that id.');
export const shareCode = z.string().regex(/^[a-z0-9]{6,32}$/, 'There is no shared verse with that code.');
const colour = z
  .string()
  .trim()
  .transform((c) => c.toLowerCase())
  .pipe(z.string().regex(/^#[0-9a-f]{6}$/, 'Colours are given as #rrggbb.'));
const fontStyle = z.enum(FONT_STYLES, { error: `Font style is one of ${FONT_STYLES.join(', ')}.` });

/** The spec's colour pairs only: each is legible, and the site's name is on what people share. */
const presetColours = <T extends { backgroundColor: string; textColor: string }>(v: T) =>
  SHARE_PRESETS.some((p) => p.background === v.backgroundColor && p.text === v.textColor);
const PRESET_MESSAGE = `Choose one of the colour presets: ${SHARE_PRESETS.map((p) => p.name).join(', ')}.`;

/** Spec §3 Verse visualization, with its thumbnail and size for grids and link previews. */
export const verseVisualization = z.object({
  id: z.string(),
  reference: z.string(),
  verseText: z.string(),
  translation: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  description: z.string(),
  viewCount: z.number().int(),
  createdAt: z.string(),
});
export type VerseVisualization = z.infer<typeof verseVisualization>;

/** Spec §3 Gallery image (chapter). */
export const galleryImage = z.object({
  id: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bibleReference: z.string(),
  description: z.string(),
  translation: z.string(),
  viewCount: z.number().int(),
  createdAt: z.string(),
});
export type GalleryImage = z.infer<typeof galleryImage>;

/** Spec §7 GET /api/verse-visualizations/{reference}?translation=&limit=20. */
export const verseVisualizationsQuery = z.object({
  translation,
  limit: z.coerce.number({ error: 'limit is a number.' }).int().min(1).max(VISUALIZATIONS_FETCHED).default(VISUALIZATIONS_FETCHED),
});
export const referenceParams = z.object({ reference });
export const pictureParams = z.object({ id: pictureId });

/** Spec §7 POST /api/verse-visualizations/generate. */
export const verseVisualizationRequest = z.object({ reference, verseText, translation });
/** Spec §7 POST /api/verse-visualizations/regenerate. */
export const regenerateRequest = z.object({ id: pictureId, reference, verseText, translation });
export const imageUrlReply = z.object({ imageUrl: z.string() });

/** Spec §7 GET /api/gallery?reference=&translation=: a chapter's illustrations, or the whole community's. */
export const galleryQuery = z.object({
  reference: reference.optional(),
  translation: translation.optional(),
  limit: z.coerce.number({ error: 'limit is a number.' }).int().min(1).max(CHAPTER_PICTURES_FETCHED).default(CHAPTER_PICTURES_FETCHED),
});
/** Spec §7 POST /api/gallery/generate. */
export const chapterPictureRequest = z.object({
  bibleReference: z.string({ error: 'Choose a chapter.' }).trim().min(1, 'Choose a chapter.').max(100, 'Choose a chapter.'),
  bibleContent: z.string().max(400_000, 'That chapter is too long.').optional(),
  translation,
});

export const reportRequest = z.object({ reason: z.string().trim().max(500, 'Say why in 500 characters or fewer.').optional() });
export const reportReply = z.object({ reported: z.literal(true), hidden: z.boolean() });
export const hideRequest = z.object({ hidden: z.boolean({ error: 'hidden is true or false.' }) });

/** Spec §7 POST /api/shared-verses/generate-graphic (translation added: the text is checked against it). */
export const graphicRequest = z
  .object({ verseText, reference, translation: translation.optional(), fontStyle, backgroundColor: colour, textColor: colour })
  .refine(presetColours, PRESET_MESSAGE);
export const graphicReply = z.object({ id: z.string(), imageUrl: z.string(), width: z.number().int(), height: z.number().int() });

/** Spec §7 POST /api/shared-verses. */
export const sharedVerseRequest = z
  .object({
    verseText,
    reference,
    translation,
    backgroundColor: colour,
    textColor: colour,
    fontStyle,
    isPublic: z.union([z.literal(1), z.literal(0), z.boolean()]).default(1),
    customGraphicUrl: z.string().max(2_000).nullish(),
  })
  .refine(presetColours, PRESET_MESSAGE);
/** `ownerKey` is given once, to the browser that made the share, so a guest can delete it later. */
export const sharedVerseCreated = z.object({ shareCode: z.string(), ownerKey: z.string().optional() });

/** A shared verse as its public page shows it: the text is the store's, read again. */
export const sharedVerse = z.object({
  shareCode: z.string(),
  reference: z.string(),
  translation: z.string(),
  verseText: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  fontStyle: z.enum(FONT_STYLES),
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type SharedVerse = z.infer<typeof sharedVerse>;
export const sharedVersePage = z.object({ items: z.array(sharedVerse), nextCursor: z.string().nullable() });
export const sharedVersesQuery = z.object({ cursor: z.string().max(100).optional() });
export const shareCodeParams = z.object({ code: shareCode });
export const deleteSharedRequest = z.object({ ownerKey: z.string().max(100).optional() }).nullish();
/** The keys a guest's browser was given for its shares, sent once it signs in, to move those shares into the account. */
export const claimSharedRequest = z.object({ ownerKeys: z.array(z.string().min(1).max(100)).max(500) });
export const claimSharedResult = z.object({ moved: z.number().int() });

/** A share graphic's public page (/share/image/{id}). */
export const shareGraphic = z.object({
  id: z.string(),
  reference: z.string(),
  translation: z.string(),
  verseText: z.string(),
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type ShareGraphic = z.infer<typeof shareGraphic>;

/** GET /api/admin/moderation: pictures people reported (or an admin hid), and the latest public shared verses. */
export const moderationQueue = z.object({
  pictures: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      reference: z.string(),
      thumbnailUrl: z.string(),
      hidden: z.boolean(),
      reports: z.number().int(),
      reasons: z.array(z.string()),
      createdAt: z.string(),
    }),
  ),
  shares: z.array(
    z.object({ shareCode: z.string(), reference: z.string(), verseText: z.string(), thumbnailUrl: z.string(), hidden: z.boolean(), createdAt: z.string() }),
  ),
});
export type ModerationQueue = z.infer<typeof moderationQueue>;
