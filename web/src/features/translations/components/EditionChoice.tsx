import { useQuery } from '@tanstack/react-query';
import { translationGroupsQuery } from '../../scripture/api/scripture.ts';
import { cn } from '../../../lib/cn.ts';
import { editionsOf } from '../api/editions.ts';
import { useChangeTranslation } from '../api/use-translation.ts';

/**
 * Where the translation being read is installed in more than one edition (a SWORD KJV with the words
 * of Jesus marked beside the plain packaged one), which edition to read, told apart in plain words.
 * Nothing at all for a translation with one edition.
 */
export function EditionChoice({ current, className }: { current: string; className?: string }) {
  const groups = useQuery(translationGroupsQuery);
  const change = useChangeTranslation();
  const editions = editionsOf(groups.data?.flatMap((g) => g.translations) ?? [], current);
  if (editions.length < 2) return null;
  return (
    <fieldset className={className}>
      <legend className="mb-1.5 text-sm font-semibold">Edition</legend>
      <div className="flex flex-col gap-1" role="radiogroup" aria-label="Edition">
        {editions.map((t, i) => (
          <button
            key={t.code}
            type="button"
            role="radio"
            aria-checked={t.code === current}
            onClick={() => void change(t.code)}
            className={cn(
              'flex min-h-11 flex-col items-start justify-center rounded-md border px-3 py-1.5 text-left text-sm',
              t.code === current ? 'border-orange-800 bg-orange-100 dark:border-orange-300 dark:bg-orange-950' : 'border-stone-300 dark:border-stone-700',
            )}
          >
            <span className={cn(t.code === current && 'font-semibold')}>{t.edition ?? t.name}</span>
            <span className="text-xs text-stone-600 dark:text-stone-400">
              {t.code}
              {i === 0 && ' · the default'}
            </span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
