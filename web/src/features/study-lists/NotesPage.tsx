import { NotebookPen } from 'lucide-react';
import { NOTE_TYPES } from '#common/study/rules.ts';
import { NOTE_EXPORT_FORMATS } from '#common/study/export.ts';
import { NOTE_TYPE_LABELS } from '#common/study/labels.ts';
import { BookSelect } from './BookSelect.tsx';
import { FilterSelect } from './FilterSelect.tsx';
import { FirstItemHint, NoMatches } from './EmptyState.tsx';
import { ListFrame, ListSkeleton, countText } from './ListFrame.tsx';
import type { NotesListParams } from './list-api.ts';
import { NoteCard } from './NoteCard.tsx';
import { Pager } from './Pager.tsx';
import { SearchBox } from './SearchBox.tsx';
import { TransferActions } from './TransferActions.tsx';
import { useNotesList } from './use-notes-list.ts';
import { useListPage } from './use-list-page.ts';
import { useViewer } from './use-viewer.ts';

/** /notes: every note of the person (account or browser), newest first; search, filters and pages in the URL. */
export function NotesPage(params: NotesListParams) {
  const viewer = useViewer();
  const list = useNotesList(params, viewer);
  const data = list.data;
  const filtered = Boolean(params.q || params.type || params.book);
  const { page, pages, empty, update, onSearch, clear, toPage } = useListPage('/notes', 'My Notes', params, data, filtered);

  return (
    <ListFrame
      title="My Notes"
      noun="notes"
      viewer={viewer}
      count={data && !empty ? countText(data.total, 'note', filtered) : undefined}
      actions={<TransferActions kind="notes" formats={NOTE_EXPORT_FORMATS} viewer={viewer} />}
      error={list.error}
      failedText="Failed to fetch notes"
      onRetry={list.retry}
      filters={
        !empty && (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_11rem_11rem] sm:items-end">
            <SearchBox id="notes-q" label="Search" placeholder="Words in your notes" value={params.q} onSearch={onSearch} />
            <FilterSelect label="Type" value={params.type ?? ''} onChange={(v) => update({ type: (v || undefined) as NotesListParams['type'] })}>
              <option value="">All types</option>
              {NOTE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {NOTE_TYPE_LABELS[t]}
                </option>
              ))}
            </FilterSelect>
            <BookSelect value={params.book} onChange={(book) => update({ book })} />
          </div>
        )
      }
    >
      {list.isPending || !data ? (
        <ListSkeleton />
      ) : empty ? (
        <FirstItemHint icon={<NotebookPen aria-hidden size={22} />} title="No notes yet">
          Open the reader, tap a verse and open the study panel to write your first note — a quote, what you understand, a question or a note of your own. Every
          note you write gathers here.
        </FirstItemHint>
      ) : data.total === 0 ? (
        <NoMatches noun="notes" onClear={clear} />
      ) : (
        <section aria-label="Notes" aria-busy={list.isFetching} className="flex flex-col gap-3">
          {data.items.map((note) => (
            <NoteCard key={note.id} note={note} onEdit={(content) => list.edit(note, content)} onDelete={() => void list.remove(note)} />
          ))}
          <Pager label="Note pages" page={page} pages={pages} onPage={toPage} />
        </section>
      )}
    </ListFrame>
  );
}
