import { Field } from '../../../components/FormMessages.tsx';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { translationGroupsQuery } from '../../bible/api/bible.ts';
import { TranslationOptions } from './TranslationOptions.tsx';
import { useCurrentTranslation, useChangeTranslation } from '../api/use-translation.ts';

/** Spec §2 sidebar "Bible Translation" selector: a native select grouped by language. */
export function TranslationSelect({ onChanged }: { onChanged?: () => void }) {
  const id = useId();
  const groups = useQuery(translationGroupsQuery);
  const current = useCurrentTranslation();
  const change = useChangeTranslation();
  return (
    <Field id={id} label="Bible Translation" caps>
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
    </Field>
  );
}
