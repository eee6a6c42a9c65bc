import { TranslationPicker } from '../../reader/components/TranslationPicker.tsx';
import { useCurrentTranslation, useChangeTranslation } from '../api/use-translation.ts';

/**
 * Spec §2 sidebar "Bible Translation" selector: the reader's translation picker as a full-width field,
 * so every translation's whole name shows (a native select cut long names short) and the list is the
 * same one, grouped by language, with its filter.
 */
export function TranslationSelect({ onChanged }: { onChanged?: () => void }) {
  const current = useCurrentTranslation();
  const change = useChangeTranslation();
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400" aria-hidden>
        Bible Translation
      </p>
      <TranslationPicker
        field
        prefix="Bible Translation: "
        current={current}
        onSelect={(code) => {
          void change(code);
          onChanged?.();
        }}
      />
    </div>
  );
}
