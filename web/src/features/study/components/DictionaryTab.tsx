import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { DictionaryEntry, DictionaryName } from '#common/contracts/study-tools.ts';
import { useDictionaryEntry, useDictionaryNames } from '../api/study-tools.ts';
import { LoadFailed, ToolLoading } from './ToolStates.tsx';

const paragraphWord = new Intl.PluralRules('en');
const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/**
 * Issue 30 §3: the names of people and places in the verse that an installed Bible dictionary has, each
 * opening its entries below it, one name at a time, so the verse's other names stay in reach.
 */
export function DictionaryTab({ book, chapter, verse, translation }: { book: string; chapter: number; verse: number; translation: string }) {
  const query = useDictionaryNames(book, chapter, verse, translation);
  const [open, setOpen] = useState<string | null>(null);

  if (query.isPending) return <ToolLoading label="Loading the dictionary" />;
  if (query.isError) return <LoadFailed what="the dictionary" onRetry={() => void query.refetch()} />;

  const { names, installed } = query.data;
  if (names.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 p-4 text-sm dark:border-stone-700" data-testid="dictionary-empty">
        {installed === 0 ? (
          <p>No Bible dictionary is installed. An administrator can add one, such as Easton’s or Smith’s, from the Library.</p>
        ) : (
          <p>
            No name in {book} {chapter}:{verse} has an entry in the installed {installed === 1 ? 'dictionary' : 'dictionaries'}.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-600 dark:text-stone-400">
        People and places in {book} {chapter}:{verse}
      </p>
      <ul className="space-y-2" aria-label={`Names in ${book} ${chapter}:${verse}`}>
        {names.map((name) => (
          <NameItem key={name.key} name={name} open={open === name.key} onToggle={() => setOpen(open === name.key ? null : name.key)} />
        ))}
      </ul>
    </div>
  );
}

function NameItem({ name, open, onToggle }: { name: DictionaryName; open: boolean; onToggle: () => void }) {
  const entryId = useId();
  return (
    <li className="rounded-xl border border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900" data-testid="dictionary-name">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? entryId : undefined}
        onClick={onToggle}
        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-xl px-3 py-2 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-800 dark:hover:bg-stone-800 dark:focus-visible:outline-orange-300"
      >
        <span className="min-w-0">
          <span className="block font-serif text-lg leading-snug font-semibold text-orange-900 dark:text-orange-200">{name.word}</span>
          <span className="block text-xs text-stone-600 dark:text-stone-400">{list.format(name.dictionaries.map((d) => d.name))}</span>
        </span>
        <ChevronDown aria-hidden size={18} className={`shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div id={entryId} className="border-t border-stone-200 px-3 pt-3 pb-3 dark:border-stone-700">
          <EntryOf entryKey={name.key} word={name.word} />
        </div>
      )}
    </li>
  );
}

function EntryOf({ entryKey, word }: { entryKey: string; word: string }) {
  const query = useDictionaryEntry(entryKey);
  if (query.isPending) return <ToolLoading label={`Loading the entry on ${word}`} />;
  if (query.isError) return <LoadFailed what={`the entry on ${word}`} onRetry={() => void query.refetch()} />;
  return (
    <div className="space-y-4">
      {query.data.entries.map((entry) => (
        <EntrySection key={entry.module} entry={entry} />
      ))}
    </div>
  );
}

function EntrySection({ entry }: { entry: DictionaryEntry }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid="dictionary-entry">
      <h3 id={id} className="text-sm font-semibold tracking-wide text-stone-700 uppercase dark:text-stone-300">
        {entry.name}
      </h3>
      <div className="mt-2 space-y-3 font-serif leading-7 text-stone-900 dark:text-stone-200">
        {entry.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {entry.more > 0 && (
        <p className="mt-3 text-sm text-stone-600 italic dark:text-stone-400">
          {entry.more.toLocaleString()} more {paragraphWord.select(entry.more) === 'one' ? 'paragraph' : 'paragraphs'} in the full entry.
        </p>
      )}
      <p className="mt-3 border-t border-stone-200 pt-2 text-xs text-stone-600 dark:border-stone-700 dark:text-stone-400" data-testid="dictionary-licence">
        {entry.licence}
        {entry.copyright ? ` · ${entry.copyright}` : ''}
      </p>
    </section>
  );
}
