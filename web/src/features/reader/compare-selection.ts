/** Spec §9: the comparison's default set, the initial maximum and the hard maximum. */
export const COMPARE_DEFAULTS = ['KJV', 'NIV', 'ESV', 'NLT', 'MSG'] as const;
export const COMPARE_INITIAL_MAX = 6;
export const COMPARE_MAX = 8;
export const COMPARE_MIN = 1;

/** Current translation first, then the spec's defaults that are installed, at most 6. */
export function initialComparison(current: string, installed: readonly string[]): string[] {
  const have = new Set(installed);
  return [current, ...COMPARE_DEFAULTS.filter((c) => have.has(c))].filter((c, i, all) => all.indexOf(c) === i).slice(0, COMPARE_INITIAL_MAX);
}

/** Adds or removes one: never below 1; a ninth drops the oldest (spec §4). */
export function toggleComparison(selected: readonly string[], code: string): string[] {
  if (selected.includes(code)) return selected.length <= COMPARE_MIN ? [...selected] : selected.filter((c) => c !== code);
  const next = [...selected, code];
  return next.length > COMPARE_MAX ? next.slice(next.length - COMPARE_MAX) : next;
}
