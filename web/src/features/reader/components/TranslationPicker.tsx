import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { translationGroupsQuery } from '../../bible/api/bible-queries.ts';
import { PickerPopover } from './PickerPopover.tsx';

/** Translations grouped by language, with a filter (spec §2 Reader header). */
export function TranslationPicker({ current, onSelect }: { current: string; onSelect: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
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
    <PickerPopover
      label="Choose a translation"
      buttonText={<span><span className="sr-only">Translation: </span>{current}</span>}
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setFilter('');
      }}
      wide
    >
      <input className="input mb-2" placeholder="Find a translation or language" aria-label="Find a translation" value={filter} onChange={(e) => setFilter(e.target.value)} autoFocus />
      <div className="-mx-2 overflow-y-auto px-2">
        {groups.isPending && <p className="p-2 text-sm">Loading translations…</p>}
        {shown.map((g) => (
          <section key={g.languageName} aria-label={g.languageName} className="mb-2">
            <h4 className="px-2 py-1 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">{g.languageName}</h4>
            <ul>
              {g.translations.map((t) => (
                <li key={t.code}>
                  <button
                    type="button"
                    className={cn(
                      'flex w-full items-baseline gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-stone-100 dark:hover:bg-stone-800',
                      t.code === current && 'bg-orange-100 dark:bg-orange-950',
                    )}
                    aria-current={t.code === current ? 'true' : undefined}
                    onClick={() => {
                      setOpen(false);
                      onSelect(t.code);
                    }}
                  >
                    <span className="w-20 shrink-0 font-semibold">{t.code}</span>
                    <span className="text-stone-700 dark:text-stone-300">{t.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {groups.data && shown.length === 0 && <p className="p-2 text-sm text-stone-600 dark:text-stone-400">No translation matches “{filter}”.</p>}
      </div>
    </PickerPopover>
  );
}
