import { Dialog, DialogClose, DialogTitle } from '../../../components/ui/dialog.tsx';
import { SheetContent } from '../../../components/ui/sheet.tsx';
import * as Tabs from '@radix-ui/react-tabs';
import { X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { Highlight, Note } from '#common/contracts/study.ts';
import { noteTitle } from '#common/study/rules.ts';
import { toastError } from '../../../components/ui/toast-store.ts';
import { quoteNoteContent, useChapterNotes } from '../api/notes.ts';
import { selectionReference } from '#common/scripture/reference.ts';
import { passageName } from '#common/scripture/passage-name.ts';
import { ChapterMarks } from './ChapterMarks.tsx';
import { NoteComposer } from './NoteComposer.tsx';
import { SavedNotes } from './SavedNotes.tsx';
import { NOTE_TABS, TOOL_TABS, type StudyTab } from './study-tabs.ts';
import { CommentaryTab } from './CommentaryTab.tsx';
import { CrossReferencesTab } from './CrossReferencesTab.tsx';
import { DictionaryTab } from './DictionaryTab.tsx';

export interface StudyPanelProps {
  book: string;
  chapter: number;
  translation: string;
  /** The chapter's verses, to choose one to quote. */
  chapterVerses: readonly { verse: number; text: string }[];
  /** The verses it was opened on; empty for the whole chapter. */
  verses: readonly number[];
  tab: StudyTab;
  highlights: Highlight[];
  onRemoveHighlight: (h: Highlight) => void;
  onGoToVerse: (verse: number) => void;
  onClose: () => void;
}

/**
 * Spec §2 'Scripture Insights': a side drawer on desktop, full screen on phones. Quote, Study, Ask and
 * Notes write the four kinds of note on the verses it was opened on (or the chapter); Mark lists the
 * chapter's highlights. Drafts survive switching tabs; a failed save keeps the text. Commentary, Cross
 * references and Dictionary (issue 30 §3) read the first verse it was opened on.
 */
export default function StudyPanel(props: StudyPanelProps) {
  const { book, chapter, translation, chapterVerses, verses, highlights, onClose } = props;
  const [tab, setTab] = useState<StudyTab>(props.tab);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [quoteVerses, setQuoteVerses] = useState<readonly number[]>(verses);
  // Said politely by screen readers; no toast, since a toast would take the first Escape from the panel.
  const [status, setStatus] = useState('');
  const { notes, save, remove } = useChapterNotes(book, chapter);
  const descriptionId = useId();

  // The tools read one verse: the first chosen, or the chapter's first.
  const toolVerse = verses.length ? Math.min(...verses) : 1;
  const target = verses.length ? selectionReference(book, chapter, verses, '-') : `${book} ${chapter}`;
  const quoteReference = quoteVerses.length ? selectionReference(book, chapter, quoteVerses, '-') : '';
  const quoteText = useMemo(
    () =>
      chapterVerses
        .filter((v) => quoteVerses.includes(v.verse))
        .map((v) => v.text)
        .join(' '),
    [chapterVerses, quoteVerses],
  );

  const saveNote = (type: (typeof NOTE_TABS)[number]['id']) => {
    const draft = drafts[type] ?? '';
    const reference = type === 'quote' ? quoteReference : target;
    const content = type === 'quote' ? quoteNoteContent(quoteText, draft) : draft.trim();
    save.mutate(
      { type, content, reference },
      {
        onSuccess: () => {
          setDrafts((d) => ({ ...d, [type]: '' }));
          setStatus(`Saved: ${noteTitle(type, reference)}`);
        },
        onError: () => toastError('Failed to save note. Please try again.'),
      },
    );
  };

  const deleteNote = (note: Note) =>
    remove.mutate(note, {
      onSuccess: () => setStatus(`Deleted: ${note.title}`),
      onError: () => toastError('Failed to delete note. Please try again.'),
    });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" aria-describedby={descriptionId} className="flex flex-col" data-testid="study-panel">
        <div className="flex items-start justify-between gap-2 border-b border-stone-200 px-4 py-3 dark:border-stone-800">
          <div>
            <DialogTitle className="font-serif text-xl font-semibold">Scripture Insights</DialogTitle>
            <p id={descriptionId} className="text-sm text-stone-600 dark:text-stone-400">
              {passageName({ book, chapter, verses })} · {translation}
            </p>
          </div>
          <DialogClose className="icon-button" aria-label="Close Scripture Insights">
            <X aria-hidden size={20} />
          </DialogClose>
        </div>
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as StudyTab)} className="flex min-h-0 flex-1 flex-col">
          <Tabs.List
            aria-label="Kinds of study"
            className="flex gap-1 overflow-x-auto border-b md:flex-wrap md:gap-x-0.5 md:overflow-visible border-stone-200 px-2 dark:border-stone-800"
          >
            {[...NOTE_TABS, { id: 'mark' as const, label: 'Mark' }, ...TOOL_TABS].map((t) => [
              // Beside the text there is no room for all eight in a row: the tools take a second one, as a group of their own.
              t.id === TOOL_TABS[0].id && <span key="tools-row" aria-hidden className="hidden md:block md:basis-full" />,
              <Tabs.Trigger
                key={t.id}
                value={t.id}
                className="-mb-px min-h-11 shrink-0 border-b-2 whitespace-nowrap border-transparent px-3 py-2.5 text-sm font-medium text-stone-700 hover:text-stone-950 data-[state=active]:border-orange-800 data-[state=active]:text-stone-950 dark:text-stone-300 dark:hover:text-white dark:data-[state=active]:border-orange-300 dark:data-[state=active]:text-white"
              >
                {t.label}
              </Tabs.Trigger>,
            ])}
          </Tabs.List>
          <p role="status" className="sr-only">
            {status}
          </p>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
            {NOTE_TABS.map((t) => (
              <Tabs.Content key={t.id} value={t.id} className="space-y-6 outline-none">
                <NoteComposer
                  tab={t}
                  draft={drafts[t.id] ?? ''}
                  onDraft={(text) => setDrafts((d) => ({ ...d, [t.id]: text }))}
                  saving={save.isPending}
                  onSave={() => saveNote(t.id)}
                  disabledReason={t.id === 'quote' && !quoteVerses.length ? 'Choose a verse to quote.' : undefined}
                  lead={
                    t.id === 'quote' ? (
                      <QuoteChooser verses={chapterVerses} chosen={quoteVerses} onChoose={setQuoteVerses} text={quoteText} reference={quoteReference} />
                    ) : undefined
                  }
                />
                <section aria-label={`Saved ${t.label.toLowerCase()} notes`}>
                  <h3 className="mb-2 text-sm font-semibold tracking-wide text-stone-700 uppercase dark:text-stone-300">
                    Saved in {book} {chapter}
                  </h3>
                  <SavedNotes
                    notes={notes.filter((n) => n.type === t.id)}
                    translation={translation}
                    onDelete={deleteNote}
                    deleting={remove.isPending ? remove.variables?.id : undefined}
                  />
                </section>
              </Tabs.Content>
            ))}
            <Tabs.Content value="mark" className="outline-none">
              <ChapterMarks highlights={highlights} onRemove={props.onRemoveHighlight} onGoToVerse={props.onGoToVerse} />
            </Tabs.Content>
            {/* Radix mounts a tab's content only while it is open, so each tool asks the server only then. */}
            <Tabs.Content value="commentary" className="outline-none">
              <CommentaryTab book={book} chapter={chapter} verse={toolVerse} />
            </Tabs.Content>
            <Tabs.Content value="cross-references" className="outline-none">
              <CrossReferencesTab book={book} chapter={chapter} verse={toolVerse} translation={translation} onFollow={onClose} />
            </Tabs.Content>
            <Tabs.Content value="dictionary" className="outline-none">
              <DictionaryTab book={book} chapter={chapter} verse={toolVerse} translation={translation} />
            </Tabs.Content>
          </div>
        </Tabs.Root>
      </SheetContent>
    </Dialog>
  );
}

/** The Quote tab's verse: the one(s) it was opened on, or one chosen from the chapter. */
function QuoteChooser({
  verses,
  chosen,
  onChoose,
  text,
  reference,
}: {
  verses: StudyPanelProps['chapterVerses'];
  chosen: readonly number[];
  onChoose: (v: number[]) => void;
  text: string;
  reference: string;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        Verse to quote
      </label>
      <select
        id={id}
        className="input"
        value={chosen.length === 1 ? String(chosen[0]) : chosen.length ? 'selection' : ''}
        onChange={(e) => {
          if (e.target.value !== 'selection') onChoose(e.target.value ? [Number(e.target.value)] : []);
        }}
      >
        {chosen.length > 1 && <option value="selection">{reference}</option>}
        <option value="">Choose a verse…</option>
        {verses.map((v) => (
          <option key={v.verse} value={v.verse}>
            {v.verse}. {v.text.length > 60 ? `${v.text.slice(0, 60)}…` : v.text}
          </option>
        ))}
      </select>
      {text && (
        <blockquote className="rounded-xl border-l-4 border-orange-800 bg-white p-3 font-serif leading-7 dark:border-orange-300 dark:bg-stone-900">
          “{text}” <cite className="block pt-1 text-sm font-sans not-italic text-stone-600 dark:text-stone-400">{reference}</cite>
        </blockquote>
      )}
    </div>
  );
}
