import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { translationGroupsQuery } from '../../bible/api/bible.ts';
import { PickerItem, PickerSection } from './PickerList.tsx';
import { PickerPopover } from './PickerPopover.tsx';
import { PickerFilter, usePickerFilter } from './PickerFilter.tsx';

/** Translations grouped by language, with a filter (spec §2 Reader header). */
export function TranslationPicker({ current, onSelect }: { current: string; onSelect: (code: string) => void }) {
  const { open, setOpen, onOpenChange, filter, setFilter } = usePickerFilter();
  const groups = useQuery(translationGroupsQuery);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (groups.data ?? [])
      .map((g) => ({
        ...g,
        translations: g.translations.filter(
          (t) => !f || t.code.toLowerCase().includes(f) || t.name.toLowerCase().includes(f) || g.languageName.toLowerCase().includes(f),
        ),
      }))
      .filter((g) => g.translations.length > 0);
  }, [groups.data, filter]);
  return (
    <PickerPopover label="Choose a translation" prefix="Translation: " value={current} open={open} onOpenChange={onOpenChange} wide>
      <PickerFilter label="Find a translation" placeholder="Find a translation or language" value={filter} onChange={setFilter} />
      <div className="-mx-2 overflow-y-auto px-2">
        {groups.isPending && <p className="p-2 text-sm">Loading translations…</p>}
        {shown.map((g) => (
          <PickerSection key={g.languageName} title={g.languageName}>
            {g.translations.map((t) => (
              <PickerItem
                key={t.code}
                current={t.code === current}
                className="flex items-baseline gap-3"
                onPick={() => {
                  setOpen(false);
                  onSelect(t.code);
                }}
              >
                <span className="w-20 shrink-0 font-semibold">{t.code}</span>
                <span className="font-normal text-stone-700 dark:text-stone-300">{t.name}</span>
              </PickerItem>
            ))}
          </PickerSection>
        ))}
        {groups.data && shown.length === 0 && <p className="p-2 text-sm text-stone-600 dark:text-stone-400">No translation matches “{filter}”.</p>}
      </div>
    </PickerPopover>
  );
}
