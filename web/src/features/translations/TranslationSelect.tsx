import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { translationGroupsQuery } from '../bible/api/bible-queries.ts';
import { TranslationOptions } from './TranslationOptions.tsx';
import { useCurrentTranslation, useChangeTranslation } from './use-translation.ts';

/** Spec §2 sidebar "Bible Translation" selector: a native select grouped by language. */
export function TranslationSelect({ onChanged }: { onChanged?: () => void }) {
  const id = useId();
  const groups = useQuery(translationGroupsQuery);
  const current = useCurrentTranslation();
  const change = useChangeTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
        Bible Translation
      </label>
      <select
        id={id}
        className="input py-1.5 text-sm"
        value={current}
        disabled={!groups.data}
        onChange={(e) => {
          void change(e.target.value);
          onChanged?.();
        }}
      >
        <TranslationOptions groups={groups.data} current={current} />
      </select>
    </div>
  );
}
