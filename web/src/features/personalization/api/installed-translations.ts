import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TranslationGroup } from '#common/contracts/bible.ts';
import type { TranslationOption } from '#common/personalization/questionnaire.ts';
import { translationGroupsQuery } from '../../scripture/api/scripture.ts';

/**
 * The translations the test may recommend: one entry per translation (a further edition shares its
 * translation's name), those stored on this server first, since they work offline and with every
 * feature; the recommendation keeps this order among equals.
 */
export function translationOptions(groups: readonly TranslationGroup[]): TranslationOption[] {
  const all = groups.flatMap((g) => g.translations).filter((t) => !t.editionOf);
  return [...all.filter((t) => t.source === 'local'), ...all.filter((t) => t.source !== 'local')].map(({ code, name, language, category }) => ({
    code,
    name,
    language,
    category,
  }));
}

/** The installed translations as the test's options (undefined until the list is in). */
export function useTranslationOptions() {
  const groups = useQuery(translationGroupsQuery);
  // Kept as one array while the list is the same, so the recommendation is worked out once.
  const options = useMemo(() => groups.data && translationOptions(groups.data), [groups.data]);
  return { options, isError: groups.isError, retry: () => void groups.refetch() };
}
