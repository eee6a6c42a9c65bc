import { useQuery } from '@tanstack/react-query';
import { translationGroupsQuery } from '../../scripture/api/scripture.ts';
import { useCurrentTranslation } from '../api/use-translation.ts';
import { TranslationDetails } from './TranslationFacts.tsx';

/** /settings "Translations": every translation this server offers, what it is and what works with it. */
export function TranslationCatalogue() {
  const groups = useQuery(translationGroupsQuery);
  const current = useCurrentTranslation();
  if (groups.isPending) return <p className="text-sm">Loading translations…</p>;
  if (groups.isError) return <p className="text-sm">The list of translations could not be loaded. Please try again later.</p>;
  const licensed = groups.data.some((g) => g.translations.some((t) => t.source === 'licensed'));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Translations marked “On this server” are stored here and work offline. Open one for its licence and what works with it.
        {licensed && ' Licensed ones are read through their publisher’s service, with its copyright notice under every chapter.'}
      </p>
      {groups.data.map((g) => (
        <section key={g.languageName} aria-label={g.languageName}>
          <h3 className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">{g.languageName}</h3>
          <ul className="divide-y divide-stone-200 dark:divide-stone-800">
            {g.translations.map((t) => (
              <TranslationDetails key={t.code} translation={t} current={t.code === current} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
