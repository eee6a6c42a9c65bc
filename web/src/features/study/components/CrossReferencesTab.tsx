import { Link } from '@tanstack/react-router';
import { useCrossReferences } from '../api/study-tools.ts';
import { LoadFailed, ToolLoading } from './ToolStates.tsx';

const SOURCE_LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/** Issue 30 §3: the verses cross-referenced from this one, each with its text and a link to it in the reader. */
export function CrossReferencesTab({
  book,
  chapter,
  verse,
  translation,
  onFollow,
}: {
  book: string;
  chapter: number;
  verse: number;
  translation: string;
  /** A reference was followed: the panel closes, since the reader shows another place. */
  onFollow: () => void;
}) {
  const query = useCrossReferences(book, chapter, verse, translation);
  if (query.isPending) return <ToolLoading label="Loading cross references" />;
  if (query.isError) return <LoadFailed what="cross references" onRetry={() => void query.refetch()} />;
  const { references } = query.data;
  if (references.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm dark:border-stone-700">
        No cross references are known for {book} {chapter}:{verse}.
      </p>
    );
  }
  // Where each reference is from matters only once an installed module (a Treasury, a Bible's notes) adds its own.
  const fromModules = references.some((r) => r.sources.some((s) => s.module !== null));
  return (
    <ul className="space-y-2" aria-label={`Cross references of ${book} ${chapter}:${verse}`}>
      {references.map((r) => (
        <li key={r.reference} className="rounded-xl border border-stone-200 bg-white p-3 dark:border-stone-700 dark:bg-stone-900" data-testid="cross-reference">
          <Link
            to="/bible"
            search={{ book: r.book, chapter: r.chapter, verse: r.verse, translation: query.data.translation }}
            onClick={onFollow}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-orange-900 underline underline-offset-2 sm:min-h-0 dark:text-orange-200"
          >
            {r.reference}
          </Link>
          {r.text ? (
            <p className="mt-1 font-serif leading-7">{r.text}</p>
          ) : (
            <p className="mt-1 text-sm text-stone-600 italic dark:text-stone-400">Not in {query.data.translation}.</p>
          )}
          {fromModules && (
            <div className="mt-1 text-xs text-stone-600 dark:text-stone-400" data-testid="cross-reference-sources">
              From {SOURCE_LIST.format(r.sources.map((s) => s.name))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
