import { Trash2 } from 'lucide-react';
import type { Note } from '#common/contracts/study.ts';
import { NoteAnswerBox } from './NoteAnswerBox.tsx';
import { formatDate } from '#common/dates/format-date.ts';

/** The notes of one kind saved on this chapter, newest first, each with Ask AI and a delete button. */
export function SavedNotes({
  notes,
  translation,
  onDelete,
  deleting,
}: {
  notes: Note[];
  translation: string;
  onDelete: (note: Note) => void;
  deleting?: string;
}) {
  if (notes.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">Nothing saved here yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Saved notes">
      {notes.map((note) => (
        <li key={note.id} className="rounded-xl border border-stone-200 bg-white p-3 dark:border-stone-700 dark:bg-stone-900" data-testid="saved-note">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="text-sm font-semibold">{note.title}</p>
              <p className="text-xs text-stone-600 dark:text-stone-400">
                <time dateTime={note.createdAt}>{formatDate(note.createdAt, 'short')}</time>
              </p>
            </div>
            <button
              type="button"
              className="icon-button h-8 w-8 shrink-0 sm:h-8 sm:w-8"
              aria-label={`Delete ${note.title}`}
              title="Delete note"
              disabled={deleting === note.id}
              onClick={() => onDelete(note)}
            >
              <Trash2 aria-hidden size={16} />
            </button>
          </div>
          <p className="mt-2 font-serif leading-7 whitespace-pre-wrap break-words">{note.content}</p>
          <NoteAnswerBox note={note} translation={translation} />
        </li>
      ))}
    </ul>
  );
}
