import type { FontSize } from '#common/study/rules.ts';

/** Spec §3 font sizes as people read them ('base' is the middle one). */
export const FONT_SIZE_LABELS: Record<FontSize, string> = { small: 'Small', base: 'Medium', large: 'Large' };

/** The chapter's type at each size; the settings page's sample uses the same, so it reads as the chapter will. */
export const FONT_SIZE_CLASSES: Record<FontSize, string> = {
  small: 'text-base leading-7',
  base: 'text-lg leading-8',
  large: 'text-xl leading-9',
};
