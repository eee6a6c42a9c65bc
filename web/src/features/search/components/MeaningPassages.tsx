import { Link } from '@tanstack/react-router';
import type { SearchResponse } from '#common/contracts/bible.ts';
import { countOf, en, pluralForm } from '#common/text/plural.ts';
import { passageName } from '#common/scripture/passage-name.ts';
import { HighlightedText } from './HighlightedText.tsx';

/** "12 verses contain all your words; 340 contain some": what the word matches behind the button are. */
export function wordCounts({ all, some }: { all: number; some: number }): string {
  const contain = (n: number) => pluralForm(n, { one: 'contains', other: 'contain' });
  const number = (n: number) => new Intl.NumberFormat('en').format(n);
  if (some === 0) return 'No verse contains your words';
  if (all === some) return `${countOf(all, en('verse'))} ${contain(all)} your words`;
  const allOf = all === 0 ? 'No verse contains' : `${countOf(all, en('verse'))} ${contain(all)}`;
  return `${allOf} all your words; ${number(some)} ${contain(some)} some`;
}

/**
 * A query of ordinary words read for what it means (issue 31 §3): the verses that speak to it best,
 * found with the words that stand for its words in this translation ("afraid" → "fear"). Only the words
 * asked are marked; the others are named once under the heading.
 */
export function MeaningPassages({ meaning, translation }: { meaning: NonNullable<SearchResponse['meaning']>; translation: string }) {
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="meaning-heading" data-testid="meaning-passages">
      <h2 id="meaning-heading" className="font-serif text-xl font-semibold">
        Passages that speak to this
      </h2>
      {meaning.related.length > 0 && (
        <p className="-mt-2 text-sm text-stone-700 dark:text-stone-300" data-testid="meaning-related">
          Also searched for words the {translation} uses for yours: {meaning.related.join(', ')}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {meaning.results.map((hit) => (
          <li key={hit.verseId}>
            <Link
              to="/bible"
              search={{ book: hit.book, chapter: hit.chapter, verse: hit.verse, translation }}
              className="inline-flex min-h-11 items-center font-semibold text-orange-900 underline-offset-2 hover:underline dark:text-orange-200"
            >
              {passageName(hit.reference)}
            </Link>
            <p className="font-serif leading-7">
              <HighlightedText text={hit.text} matches={hit.matches} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
