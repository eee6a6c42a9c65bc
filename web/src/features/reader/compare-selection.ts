import type { TranslationCategory } from '#common/scripture/categories.ts';
import type { TranslationSummary } from '#common/contracts/bible.ts';

/** Spec §9: the comparison's default set, the initial maximum and the hard maximum. */
export const COMPARE_DEFAULTS = ['KJV', 'NIV', 'ESV', 'NLT', 'MSG'] as const;
export const COMPARE_INITIAL_MAX = 6;
export const COMPARE_MAX = 8;
export const COMPARE_MIN = 1;

/** How each default renders the originals, to find the closest stand-in for one that is missing. */
const DEFAULT_CATEGORIES: Record<(typeof COMPARE_DEFAULTS)[number], TranslationCategory> = {
  KJV: 'Word-for-Word',
  NIV: 'Thought-for-Thought',
  ESV: 'Word-for-Word',
  NLT: 'Thought-for-Thought',
  MSG: 'Paraphrase',
};

type Offered = Pick<TranslationSummary, 'code' | 'category' | 'language'>;

/**
 * Current translation first, then the spec's defaults that are offered; each missing default is
 * stood in for by the closest one offered (English, same category; else any English one). At most 6.
 */
export function initialComparison(current: string, offered: readonly Offered[]): string[] {
  const chosen = [current];
  const add = (code: string) => !chosen.includes(code) && chosen.push(code);
  const missing = COMPARE_DEFAULTS.filter((code) => !offered.some((t) => t.code === code));
  for (const code of COMPARE_DEFAULTS) if (!missing.includes(code)) add(code);
  for (const code of missing) {
    const free = offered.filter((t) => t.language === 'en' && !chosen.includes(t.code));
    const stand = free.find((t) => t.category === DEFAULT_CATEGORIES[code]) ?? free[0];
    if (stand) add(stand.code);
  }
  return chosen.slice(0, COMPARE_INITIAL_MAX);
}

/** Adds or removes one: never below 1; a ninth drops the oldest (spec §4). */
export function toggleComparison(selected: readonly string[], code: string): string[] {
  if (selected.includes(code)) return selected.length <= COMPARE_MIN ? [...selected] : selected.filter((c) => c !== code);
  const next = [...selected, code];
  return next.length > COMPARE_MAX ? next.slice(next.length - COMPARE_MAX) : next;
}
