/** Spec §3: the share dialog's colour presets (name, background, text) and font styles. */
export const SHARE_PRESETS = [
  { name: 'Ocean Blue', background: '#1a365d', text: '#ffffff' },
  { name: 'Forest Green', background: '#2d5016', text: '#f0fff4' },
  { name: 'Royal Purple', background: '#553c9a', text: '#faf5ff' },
  { name: 'Warm Gold', background: '#b45309', text: '#fffbeb' },
  { name: 'Deep Rose', background: '#881337', text: '#fdf2f8' },
  { name: 'Charcoal', background: '#374151', text: '#f9fafb' },
] as const;
export type SharePreset = (typeof SHARE_PRESETS)[number];

export const FONT_STYLES = ['classic', 'modern', 'elegant', 'bold'] as const;
export type FontStyle = (typeof FONT_STYLES)[number];
/** What each style is set in, for the picker's labels and the preview. */
export const FONT_STYLE_LABELS: Record<FontStyle, string> = { classic: 'Classic', modern: 'Modern', elegant: 'Elegant', bold: 'Bold' };

/** Spec §9: galleries show 6 pictures a page in 3 columns; a verse's gallery fetches up to 20. */
export const GALLERY_PAGE_SIZE = 6;
export const VISUALIZATIONS_FETCHED = 20;
/** The chapter gallery fetches at most this many (10 pages). */
export const CHAPTER_PICTURES_FETCHED = 60;
/** Spec §9: at most 2 custom graphics per share dialog. */
export const MAX_GRAPHICS_PER_DIALOG = 2;
/** Spec §4/§9: a verse visualization whose picture fails to load is made again up to 2 times, 2 s apart. */
export const PICTURE_RETRIES = 2;
export const PICTURE_RETRY_DELAY_MS = 2_000;
/** Spec §9: external share windows. */
export const SHARE_WINDOW = { width: 600, height: 400 } as const;
/** Spec §5: social share text is cut to 100 characters (X, visualization text) or 200 (Pinterest, share dialog). */
export const SHORT_SHARE_TEXT = 100;
export const LONG_SHARE_TEXT = 200;

/** Spec §5/§8: what the pictures and sharing screens say. */
export const PICTURE_MESSAGES = {
  noVerse: 'Please select a verse before generating a visualization',
  verseFailed: 'Failed to generate visualization',
  verseNetwork: 'An error occurred while generating the visualization',
  verseCreated: 'Your verse visualization has been created!',
  galleryOpenFailed: 'Failed to open visualization gallery. Please try again.',
  imageUnavailableTitle: 'Image Unavailable',
  imageUnavailableText: 'This image is temporarily unavailable. Please try again later.',
  chapterFailedTitle: 'Generation Failed',
  chapterFailed: 'Failed to create visualization',
  chapterCreatedTitle: 'Visualization Created!',
  chapterCreated: 'Your chapter illustration has been added to the gallery.',
  linkCopiedTitle: 'Link Copied!',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Could not copy link to clipboard',
  galleryFetchFailed: 'Failed to fetch gallery images',
  loadFailed: 'Failed to load',
  graphicFailedTitle: 'Generation Failed',
  graphicFailed: 'Failed to generate custom graphic',
  graphicCreated: 'Graphic Generated',
  limitReached: 'Limit Reached',
  shareFailedTitle: 'Share Failed',
  shareFailed: 'Failed to create shared verse',
  shared: 'Verse Shared',
  shareLinkCopied: 'Link copied to clipboard!',
  shareLinkCopyFailed: 'Unable to copy link',
} as const;

/** Spec §5: text cut for a social post, at a word where one is near, with an ellipsis. */
export function shareText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** Spec §5: the share dialog's title when there is no reference. */
export const shareTitle = (reference: string | undefined, translation: string) => reference?.trim() || `${translation} verse`;

/** Spec §2/§4: the public addresses of shared things. */
export const sharedVersePath = (code: string) => `/shared/${encodeURIComponent(code)}`;
export const verseVisualizationPath = (id: string) => `/verse-visualization/${encodeURIComponent(id)}`;
export const chapterVisualizationPath = (id: string) => `/chapter-visualization/${encodeURIComponent(id)}`;
export const shareImagePath = (id: string) => `/share/image/${encodeURIComponent(id)}`;
