import { NotebookPen } from 'lucide-react';
import { NOTE_EXPORT_FORMATS } from '#common/study/export.ts';
import { NOTE_TYPE_LABELS } from '#common/study/labels.ts';
import { NOTE_TYPES } from '#common/study/rules.ts';
import { useViewer } from '../../auth/api/viewer.ts';
import type { NotesListParams } from '../api/lists.ts';
import { useNotesList } from '../api/use-study-list.ts';
import { NoteCard } from '../components/NoteCard.tsx';
import { StudyListPage } from './StudyListPage.tsx';

const TYPE_OPTIONS = NOTE_TYPES.map((t) => ({ value: t, label: NOTE_TYPE_LABELS[t] }));

/** /notes: every note of the person (account or browser), newest first. */
export function NotesPage(params: NotesListParams) {
  const viewer = useViewer();
  const list = useNotesList(params, viewer);
  return (
    <StudyListPage
      route="/notes"
      noun="note"
      params={params}
      viewer={viewer}
      list={list}
      formats={NOTE_EXPORT_FORMATS}
      searchPlaceholder="Words in your notes"
      filter={{ param: 'type', label: 'Type', all: 'All types', options: TYPE_OPTIONS }}
      firstItem={{
        icon: <NotebookPen aria-hidden size={22} />,
        text: 'Open the reader, tap a verse and open the study panel to write your first note — a quote, what you understand, a question or a note of your own. Every note you write gathers here.',
      }}
      item={(note) => <NoteCard key={note.id} note={note} onEdit={(content) => list.edit(note, content)} onDelete={() => void list.remove(note)} />}
    />
  );
}
