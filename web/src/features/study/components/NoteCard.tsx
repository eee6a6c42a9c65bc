import { passageName } from '#common/scripture/passage-name.ts';
import { Link } from '@tanstack/react-router';
import { BookOpen, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Note } from '#common/contracts/study.ts';
import { NOTE_MAX_LENGTH } from '#common/study/rules.ts';
import { NOTE_TYPE_LABELS, readerLocation } from '#common/study/labels.ts';
import { shortDate } from './ListFrame.tsx';
import { useFocusOnOpen } from '../../../lib/hooks/use-focus-on-open.ts';

const TYPE_BADGES: Record<Note['type'], string> = {
  quote: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  understand: 'bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100',
  question: 'bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-100',
  freeform: 'bg-stone-200 text-stone-900 dark:bg-stone-800 dark:text-stone-100',
};

/** A link to where a reference is in the reader (/bible?book&chapter&verse); plain text if it cannot be read. */
export function ReaderLink({ reference, className }: { reference: string; className?: string }) {
  const at = readerLocation(reference);
  if (!at) return <span className={className}>{passageName(reference)}</span>;
  return (
    <Link
      to="/bible"
      search={{ book: at.book, chapter: at.chapter, verse: at.verse }}
      className={`inline-flex items-center gap-1 font-semibold text-orange-900 underline-offset-2 hover:underline dark:text-orange-200 ${className ?? ''}`}
    >
      <BookOpen aria-hidden size={15} /> {passageName(reference)}
      <span className="sr-only"> (open in the reader)</span>
    </Link>
  );
}

/** One note: type, title, where it applies (a link into the reader), date, text; edit and delete. */
export function NoteCard({ note, onEdit, onDelete }: { note: Note; onEdit: (content: string) => Promise<void>; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const focusOnOpen = useFocusOnOpen<HTMLButtonElement>();
  const headingId = useId();
  return (
    // Phones: heading, text, then the buttons; wider screens put the buttons top right.
    <article className="card grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto]" aria-labelledby={headingId} data-testid="note-card">
      <div className="min-w-0">
        <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TYPE_BADGES[note.type]}`}>{NOTE_TYPE_LABELS[note.type]}</span>
        <h2 id={headingId} className="mt-1.5 font-serif text-lg leading-snug font-semibold break-words">
          {note.title}
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-stone-700 dark:text-stone-300">
          <ReaderLink reference={note.reference} />
          <span aria-hidden>·</span>
          <time dateTime={note.createdAt}>{shortDate(note.createdAt)}</time>
          {note.updatedAt > note.createdAt && <span>(edited)</span>}
        </p>
      </div>
      <div className="sm:col-span-2">
        {editing ? (
          <NoteEditor
            note={note}
            onCancel={() => setEditing(false)}
            onSave={async (content) => {
              await onEdit(content);
              setEditing(false);
            }}
          />
        ) : (
          <p className="font-serif text-[1.05rem] leading-7 break-words whitespace-pre-wrap">{note.content}</p>
        )}
      </div>
      {confirming && (
        <div
          role="group"
          aria-label="Confirm delete"
          className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-950 sm:col-span-2 dark:bg-red-950/60 dark:text-red-50"
        >
          <span className="mr-auto font-medium">Delete this note? This cannot be undone.</span>
          <button type="button" className="button-secondary" onClick={() => setConfirming(false)} ref={focusOnOpen}>
            Keep it
          </button>
          <button
            type="button"
            className="button bg-red-700 text-white hover:bg-red-800 dark:bg-red-300 dark:text-red-950 dark:hover:bg-red-200"
            onClick={() => {
              setConfirming(false);
              onDelete();
            }}
          >
            Delete note
          </button>
        </div>
      )}
      {!editing && !confirming && (
        <div className="-mb-1 flex justify-end gap-1 sm:col-start-2 sm:row-start-1 sm:mb-0 sm:items-start">
          <button type="button" className="button-ghost px-2.5" onClick={() => setEditing(true)}>
            <Pencil aria-hidden size={16} /> Edit<span className="sr-only"> {note.title}</span>
          </button>
          <button type="button" className="button-ghost px-2.5" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden size={16} /> Delete<span className="sr-only"> {note.title}</span>
          </button>
        </div>
      )}
    </article>
  );
}

/** The note's text in a box: Save needs some text (spec §5) and a change; Escape cancels. */
function NoteEditor({ note, onSave, onCancel }: { note: Note; onSave: (content: string) => Promise<void>; onCancel: () => void }) {
  const [text, setText] = useState(note.content);
  const focusEditor = useFocusOnOpen<HTMLTextAreaElement>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const trimmed = text.trim();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setProblem(undefined);
    try {
      await onSave(trimmed);
    } catch (error) {
      setProblem((error as Error).message);
      setSaving(false);
    }
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onCancel();
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Note text
      </label>
      <textarea
        id={id}
        className="input min-h-32 font-serif leading-7"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={NOTE_MAX_LENGTH}
        onKeyDown={onKey}
        ref={focusEditor}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-800 dark:text-red-300">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="mr-auto text-xs text-stone-600 dark:text-stone-400">
          {text.length.toLocaleString()} / {NOTE_MAX_LENGTH.toLocaleString()}
        </span>
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button-primary" disabled={!trimmed || trimmed === note.content || saving}>
          {saving ? 'Saving…' : 'Save note'}
        </button>
      </div>
    </form>
  );
}
