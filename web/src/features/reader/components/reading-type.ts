import type { FontSize } from '#common/study/rules.ts';

/** Spec §3 font sizes as people read them ('base' is the middle one). */
export const FONT_SIZE_LABELS: Record<FontSize, string> = { small: 'Small', base: 'Medium', large: 'Large' };

/**
 * The chapter's type at each size, tuned to the reading face (Literata) for a comfortable measure:
 * on a 390 px phone the default gives about 41 characters a line (17 px), on wider screens 20 px in a
 * column of 35 em gives about 71 at every size (the column grows with the type; see READING_COLUMN).
 * A phone's width is fixed, so there the sizes step by a pixel: enough to read, not enough to break
 * the measure. The settings preview uses the same classes, so it reads as the chapter will.
 */
export const FONT_SIZE_CLASSES: Record<FontSize, string> = {
  small: 'text-[15px] sm:text-[17px]',
  base: 'text-[16px] sm:text-[18.5px]',
  large: 'text-[17px] sm:text-[20px]',
};

/** A column of 35 em of the reading type (about 70 characters) beside the article's own padding. */
export const READING_COLUMN = 'sm:max-w-[calc(35em+4rem)]';

export const LINE_SPACINGS = ['compact', 'normal', 'relaxed'] as const;
export type LineSpacing = (typeof LINE_SPACINGS)[number];

export const LINE_SPACING_LABELS: Record<LineSpacing, string> = { compact: 'Compact', normal: 'Normal', relaxed: 'Relaxed' };

/** Line height as a ratio of the type, so it scales with the size; 'normal' is the usual 1.6 for book text. */
export const LINE_SPACING_CLASSES: Record<LineSpacing, string> = {
  compact: 'leading-[1.45]',
  normal: 'leading-[1.6]',
  relaxed: 'leading-[1.85]',
};
