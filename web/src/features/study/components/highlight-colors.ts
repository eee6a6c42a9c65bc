import type { Highlight } from '#common/contracts/study.ts';

/** The four highlight colours (spec §3) as page classes; the dark shades keep text contrast AA. */
export const HIGHLIGHT_CLASSES: Record<Highlight['color'], string> = {
  yellow: 'bg-yellow-200 dark:bg-yellow-900/60',
  green: 'bg-green-200 dark:bg-green-900/60',
  blue: 'bg-sky-200 dark:bg-sky-900/60',
  pink: 'bg-pink-200 dark:bg-pink-900/60',
};
