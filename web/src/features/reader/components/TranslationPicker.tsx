import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FALLBACK_TRANSLATIONS } from '#common/scripture/categories.ts';
import type { TranslationGroup } from '#common/contracts/bible.ts';
import { availableBooksQuery, translationGroupsQuery } from '../../scripture/api/scripture.ts';
import { TranslationSubline } from '../../translations/components/TranslationFacts.tsx';
import { useTranslationSummary } from '../../translations/api/use-translation.ts';
import { withoutFurtherEditions } from '../../translations/api/editions.ts';
import { PickerItem, PickerSection } from './PickerList.tsx';
import { PickerPopover } from './PickerPopover.tsx';
import { PickerFilter, usePickerFilter } from './PickerFilter.tsx';

/** Translations grouped by language, with a filter (spec §2 Reader header). */
export function TranslationPicker({
  current,
  onSelect,
  field = false,
  prefix = 'Translation: ',
}: {
  current: string;
  onSelect: (code: string) => void;
  /** As a form field (sidebar, drawer, settings): full width, showing the translation's whole name. */
  field?: boolean;
  prefix?: string;
}) {
  const { open, setOpen, onOpenChange, filter, setFilter } = usePickerFilter();
  const groups = useQuery(translationGroupsQuery);
  // A list loaded before stays in use when asking again fails; none at all, or an empty one, is no list.
  const fallback = (groups.isError && !groups.data) || groups.data?.length === 0;
  // One entry per translation: reading a further edition marks its translation's entry.
  const shown = useMemo(() => filterGroups(withoutFurtherEditions(groups.data ?? []), filter), [groups.data, filter]);
  const family = useTranslationSummary(current)?.editionOf ?? current;
  const pick = (code: string) => {
    setOpen(false);
    onSelect(code);
  };
  return (
    <PickerPopover
      label="Choose a translation"
      prefix={prefix}
      value={field ? <FieldValue code={current} /> : current}
      open={open}
      onOpenChange={onOpenChange}
      wide
      field={field}
    >
      {!fallback && <PickerFilter label="Find a translation" placeholder="Find a translation or language" value={filter} onChange={setFilter} />}
      <div className="-mx-2 overflow-y-auto px-2">
        {groups.isPending && <p className="p-2 text-sm">Loading translations…</p>}
        {fallback && open && <FallbackTranslations current={current} onPick={pick} />}
        {shown.map((g) => (
          <PickerSection key={g.languageName} title={g.languageName}>
            {g.translations.map((t) => (
              <PickerItem key={t.code} current={t.code === family} className="flex items-start gap-3" onPick={() => pick(t.code)}>
                <span className="min-w-16 shrink-0 font-semibold">{t.code}</span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-normal text-stone-800 dark:text-stone-200">{t.name}</span>
                  {t.edition && <span className="text-xs font-normal text-stone-700 dark:text-stone-300">{t.edition}</span>}
                  <TranslationSubline translation={t} />
                </span>
              </PickerItem>
            ))}
          </PickerSection>
        ))}
        {groups.data && !fallback && shown.length === 0 && <p className="p-2 text-sm text-stone-600 dark:text-stone-400">No translation matches “{filter}”.</p>}
      </div>
    </PickerPopover>
  );
}

/** "KJV King James Version", the name in full: a field has room to wrap it. */
function FieldValue({ code }: { code: string }) {
  const name = useTranslationSummary(code)?.name;
  return (
    <>
      <span className="font-semibold">{code}</span>
      {name && <span className="text-stone-700 dark:text-stone-300"> {name}</span>}
    </>
  );
}

function filterGroups(groups: readonly TranslationGroup[], filter: string): TranslationGroup[] {
  const f = filter.trim().toLowerCase();
  return groups
    .map((g) => ({
      ...g,
      translations: g.translations.filter(
        (t) => !f || t.code.toLowerCase().includes(f) || t.name.toLowerCase().includes(f) || g.languageName.toLowerCase().includes(f),
      ),
    }))
    .filter((g) => g.translations.length > 0);
}

/**
 * Spec §3: when the list cannot be loaded, the usual translations (KJV, ESV, NIV, NKJV, NLT, NASB, RSV,
 * WEB, YLT) are offered; each is checked by asking for its books, and those the server does not have
 * are marked and cannot be chosen.
 */
function FallbackTranslations({ current, onPick }: { current: string; onPick: (code: string) => void }) {
  const checks = useQueries({ queries: FALLBACK_TRANSLATIONS.map((code) => ({ ...availableBooksQuery(code), retry: false })) });
  return (
    <PickerSection title="Common translations">
      <li className="px-2 pb-2 text-xs text-stone-600 dark:text-stone-400">The list of translations could not be loaded. These are the usual ones.</li>
      {FALLBACK_TRANSLATIONS.map((code, i) => {
        const check = checks[i]!;
        const available = (check.data?.length ?? 0) > 0;
        const state = check.isPending ? 'checking…' : available ? undefined : 'not available';
        return state && !available ? (
          <li key={code} className="flex items-baseline gap-3 px-2 py-1.5 text-sm text-stone-600 dark:text-stone-400">
            <span className="w-16 shrink-0 font-semibold">{code}</span>
            <span>{state}</span>
          </li>
        ) : (
          <PickerItem key={code} current={code === current} className="flex items-baseline gap-3" onPick={() => onPick(code)}>
            <span className="w-16 shrink-0 font-semibold">{code}</span>
            <span className="font-normal text-stone-700 dark:text-stone-300">available</span>
          </PickerItem>
        );
      })}
    </PickerSection>
  );
}
