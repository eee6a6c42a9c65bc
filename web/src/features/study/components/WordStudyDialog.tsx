import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useWordStudy } from '../api/study-tools.ts';
import { LoadFailed, ToolLoading } from './ToolStates.tsx';

const verses = new Intl.PluralRules('en');
const countOf = (n: number) => `${new Intl.NumberFormat('en').format(n)} ${verses.select(n) === 'one' ? 'verse' : 'verses'}`;

/**
 * Issue 30 §3 word study: a Strong's number's original word, transliteration and definition from the
 * installed dictionary, and the verses of the translation carrying it by book, each a link to its first.
 */
export function WordStudyDialog({ number, word, translation, onClose }: { number: string; word: string; translation: string; onClose: () => void }) {
  const query = useWordStudy(number, translation);
  const study = query.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="inset-x-2 top-2 flex max-h-[calc(100dvh-1rem)] flex-col overflow-hidden rounded-2xl bg-stone-50 shadow-2xl sm:inset-x-auto sm:top-[8vh] sm:left-1/2 sm:w-[36rem] sm:-translate-x-1/2 dark:bg-stone-900"
        data-testid="word-study"
      >
        <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-3 dark:border-stone-800">
          <DialogTitle className="font-serif text-xl font-semibold">
            “{word}” · {number}
          </DialogTitle>
          <DialogClose className="icon-button" aria-label="Close word study">
            <X aria-hidden size={20} />
          </DialogClose>
        </div>
        <DialogDescription className="sr-only">
          The original word behind “{word}”, its meaning, and where {translation} uses it.
        </DialogDescription>
        {/* Scrolls when the entry is longer than the screen: focusable, so the keyboard can scroll it too. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4" tabIndex={0} role="region" aria-label="Word study">
          {query.isPending ? (
            <ToolLoading label="Loading the word study" />
          ) : query.isError || !study ? (
            <LoadFailed what="the word study" onRetry={() => void query.refetch()} />
          ) : (
            <>
              {study.lexicon ? (
                <section aria-label="Dictionary entry" className="space-y-2">
                  <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    {study.word && (
                      <span className="font-serif text-3xl" lang={number.startsWith('G') ? 'grc' : 'hbo'} data-testid="original-word">
                        {study.word}
                      </span>
                    )}
                    {study.transliteration && <span className="text-lg italic">{study.transliteration}</span>}
                    {study.pronunciation && <span className="text-sm text-stone-600 dark:text-stone-400">({study.pronunciation})</span>}
                  </p>
                  {study.definition.map((p, i) => (
                    <p key={i} className="leading-7">
                      {p}
                    </p>
                  ))}
                  <p className="text-xs text-stone-600 dark:text-stone-400">
                    {study.lexicon.name} · {study.lexicon.licence}
                  </p>
                </section>
              ) : (
                <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm dark:border-stone-700">
                  No Strong's dictionary is installed, so only where {study.occurrences.translation} uses {number} is shown.
                </p>
              )}
              <section aria-labelledby="word-study-occurrences" className="space-y-2">
                <h3 id="word-study-occurrences" className="font-semibold">
                  In {countOf(study.occurrences.total)} of the {study.occurrences.translation}
                </h3>
                <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
                  {study.occurrences.books.map((b) => (
                    <li key={b.book}>
                      <Link
                        to="/bible"
                        search={{ book: b.book, chapter: b.first.chapter, verse: b.first.verse, translation: study.occurrences.translation }}
                        onClick={onClose}
                        className="flex min-h-11 items-center justify-between gap-2 rounded-md px-2 text-orange-900 underline-offset-2 hover:bg-stone-100 hover:underline sm:min-h-9 dark:text-orange-200 dark:hover:bg-stone-800"
                      >
                        <span>{b.name}</span>
                        <span className="text-sm text-stone-700 tabular-nums dark:text-stone-300">
                          {b.count}
                          <span className="sr-only">
                            {' '}
                            {verses.select(b.count) === 'one' ? 'verse' : 'verses'}, first {b.first.chapter}:{b.first.verse}
                          </span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
