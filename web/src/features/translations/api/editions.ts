import type { TranslationGroup, TranslationSummary } from '#common/contracts/bible.ts';

/**
 * The editions of the translation `code` belongs to, the default (richest) first; one entry when it
 * has no others. The server marks each further edition with `editionOf`.
 */
export function editionsOf(translations: readonly TranslationSummary[], code: string): TranslationSummary[] {
  const self = translations.find((t) => t.code === code);
  const family = self?.editionOf ?? code;
  const head = translations.find((t) => t.code === family);
  return [...(head ? [head] : []), ...translations.filter((t) => t.editionOf === family)];
}

/** The lists people choose from show each translation once: its further editions are left out. */
export function withoutFurtherEditions(groups: readonly TranslationGroup[]): TranslationGroup[] {
  return groups.map((g) => ({ ...g, translations: g.translations.filter((t) => !t.editionOf) }));
}
