import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StarterSet } from '#common/contracts/library.ts';
import { FormMessages } from '../../../components/FormMessages.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { installStarterSet, libraryKeys, libraryStarterQuery } from '../api/library.ts';
import { formatBytes } from '../library-format.ts';

/** What each suggestion is for, as an admin reads it. */
const ROLE_NAMES: Record<StarterSet['suggestions'][number]['role'], string> = {
  translation: 'A modern translation',
  commentary: 'A commentary',
  'greek-lexicon': 'Strong’s Greek lexicon',
  'hebrew-lexicon': 'Strong’s Hebrew lexicon',
  dictionary: 'A Bible dictionary',
  'topical-index': 'A topical index',
};

/**
 * The starter set (issue 30 §4): what a new site is suggested to install first, for its language, with one
 * button. It lists only what is not installed yet, so it goes away once everything is.
 */
export function LibraryStarter() {
  const queryClient = useQueryClient();
  const starter = useQuery(libraryStarterQuery);
  const install = useMutation({
    mutationFn: installStarterSet,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.jobs });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.modules });
    },
  });
  const suggestions = starter.data?.suggestions ?? [];
  if (suggestions.length === 0) return null;
  const total = suggestions.reduce((sum, s) => sum + (s.module.installSize ?? 0), 0);
  return (
    <section aria-labelledby="library-starter-heading" className="card flex flex-col gap-3">
      <h3 id="library-starter-heading" className="font-semibold">
        Start your library
      </h3>
      <p className="text-sm text-stone-700 dark:text-stone-300">Suggested for {starter.data!.languageName} readers: every one is free to share.</p>
      <ul className="flex flex-col gap-2">
        {suggestions.map(({ role, module }) => (
          <li key={`${module.repository}/${module.name}`} className="flex flex-col text-sm sm:flex-row sm:gap-2">
            <span className="font-medium">{ROLE_NAMES[role]}:</span>{' '}
            <span>
              {module.description}{' '}
              <span className="text-stone-600 dark:text-stone-400">
                ({module.name}, {module.repository})
              </span>
            </span>
          </li>
        ))}
      </ul>
      <FormMessages error={install.isError ? errorMessage(install.error) : null} notice={null} />
      <button type="button" className="button-primary self-start" disabled={install.isPending} onClick={() => install.mutate()}>
        {install.isPending ? 'Queuing…' : `Install all ${suggestions.length}${total ? ` (${formatBytes(total)})` : ''}`}
      </button>
    </section>
  );
}
