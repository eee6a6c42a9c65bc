import { useQuery } from '@tanstack/react-query';
import type { TranslationSummary } from '#common/contracts/bible.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { apiGet } from '../../../lib/api-client.ts';

/** The translations this site offers: stored here (read offline) or read through a licence holder's service. */
export function TranslationsPanel() {
  const list = useQuery({ queryKey: ['admin', 'translations'], queryFn: () => apiGet<TranslationSummary[]>('/api/bible/translations/all'), staleTime: 0 });
  if (list.isError) return <LoadFailed what="the translations" error={list.error} onRetry={() => void list.refetch()} busy={list.isFetching} />;
  return (
    <section aria-labelledby="translations-heading" className="flex flex-col gap-3">
      <h2 id="translations-heading" className="font-serif text-xl font-semibold">
        Translations {list.data && <span className="text-base font-normal text-stone-600 dark:text-stone-400">({list.data.length})</span>}
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Add a translation from a USFM, OSIS or Zefania file with <code>npm run bible -- import</code>, or remove one with{' '}
        <code>npm run bible -- remove CODE</code>, with the server stopped. Licensed translations come with an API.Bible key.
      </p>
      {!list.data ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 text-sm dark:divide-stone-800">
          {list.data.map((t) => (
            <li key={t.code} className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
              <span className="w-20 shrink-0 font-semibold">{t.code}</span>
              <span className="min-w-0 flex-1">
                {t.name} · {t.languageName} · {t.source === 'licensed' ? 'through its licence holder' : 'stored here'}
                <span className="block text-stone-600 dark:text-stone-400">{t.licence}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
