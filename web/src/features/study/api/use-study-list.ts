import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Highlight, Note } from '#common/contracts/study.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { sendOrKeep, usePendingChanges, withPendingHighlights, withPendingNotes, type PendingChange } from '../../offline/api/pending-changes.ts';
import { toastError } from '../../../components/ui/toast-store.ts';
import type { Viewer } from '../../auth/api/viewer.ts';
import { guestHighlightsPage, guestNotesPage } from '../store/guest-lists.ts';
import { announceHighlightsChanged, CREATED_EVENT_DELAY, guestHighlightsQuery } from './highlights.ts';
import { guestHighlights } from '../store/guest-highlights.ts';
import { highlightsPageQuery, notesPageQuery, type HighlightsListParams, type NotesListParams, type Page } from './lists.ts';
import { guestNotesQuery } from './notes.ts';
import { guestNotes } from '../store/guest-notes.ts';

type Item = { id: string };

/** What differs between the notes list and the highlights list; the rest is useStudyList. */
interface StudyListKind<T extends Item, P> {
  /** The root of every query of this kind, so the reader's and study panel's changes refresh the lists. */
  key: 'notes' | 'highlights';
  pageQuery: (params: P) => UseQueryOptions<Page<T>, Error, Page<T>, QueryKey> & { queryKey: QueryKey };
  guestQuery: UseQueryOptions<T[], Error, T[], QueryKey>;
  guestPage: (all: readonly T[], params: P) => Page<T>;
  guestStore: { remove(id: string): boolean; update(id: string, change: Partial<T>): unknown };
  /** The removal as a change that waits for the network when there is none (features/offline). */
  removal: (item: T) => PendingChange;
  /** The changes made offline drawn into a page of the server's: edits and removals (new items show in the reader). */
  withPending: (items: readonly T[], pending: readonly PendingChange[]) => T[];
  /** Spec §8 toast when a removal fails. */
  removeFailed: string;
  /** Runs after a change has been saved (highlights announce it to the reader, spec §4). */
  afterSave?: (what: 'removed' | 'changed') => void;
}

/**
 * One page of the person's notes or highlights — the account's from the server, a guest's from this
 * browser (spec §6) — and its actions. A removal or change shows at once; when the server refuses,
 * the refetch puts the page back as it was (spec §4), and the caller hears of it.
 */
export function useStudyList<T extends Item, P>(kind: StudyListKind<T, P>, params: P, viewer: Viewer) {
  const queryClient = useQueryClient();
  const server = useQuery({ ...kind.pageQuery(params), enabled: viewer === 'user' });
  const guest = useQuery({ ...kind.guestQuery, enabled: viewer === 'guest' });
  const pending = usePendingChanges();
  const data =
    viewer === 'guest'
      ? guest.data && kind.guestPage(guest.data, params)
      : viewer === 'user'
        ? server.data && { ...server.data, items: kind.withPending(server.data.items, pending) }
        : undefined;
  const key = kind.pageQuery(params).queryKey;
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: [kind.key] }), [queryClient, kind.key]);

  /** Applies `change` to the item at once, then saves it (guests: in this browser). */
  const save = useCallback(
    async (item: T, change: { remove: true } | { patch: Partial<T>; write: () => Promise<unknown> }) => {
      try {
        if (viewer === 'guest') {
          if ('remove' in change) kind.guestStore.remove(item.id);
          else kind.guestStore.update(item.id, change.patch);
        } else {
          await queryClient.cancelQueries({ queryKey: key });
          queryClient.setQueryData<Page<T>>(key, (old) =>
            !old
              ? old
              : 'remove' in change
                ? { items: old.items.filter((x) => x.id !== item.id), total: old.total - 1 }
                : { ...old, items: old.items.map((x) => (x.id === item.id ? { ...x, ...change.patch } : x)) },
          );
          await ('remove' in change ? sendOrKeep(kind.removal(item)) : change.write());
        }
        kind.afterSave?.('remove' in change ? 'removed' : 'changed');
      } finally {
        await refresh();
      }
    },
    [viewer, kind, queryClient, key, refresh],
  );

  const remove = useCallback((item: T) => save(item, { remove: true }).catch(() => toastError(kind.removeFailed)), [save, kind.removeFailed]);

  return {
    data,
    isPending: viewer === 'loading' || (viewer === 'user' ? server.isPending : guest.isPending),
    isFetching: server.isFetching,
    error: viewer === 'user' ? server.error : null,
    retry: () => void server.refetch(),
    remove,
    save,
  };
}

const NOTES: StudyListKind<Note, NotesListParams> = {
  key: 'notes',
  pageQuery: notesPageQuery,
  guestQuery: guestNotesQuery,
  guestPage: guestNotesPage,
  guestStore: guestNotes,
  removal: (note) => ({ id: crypto.randomUUID(), kind: 'note-delete', noteId: note.id }),
  withPending: (notes, pending) => withPendingNotes(notes, pending, { created: false }),
  removeFailed: 'Failed to remove note. Please try again.',
};

const HIGHLIGHTS: StudyListKind<Highlight, HighlightsListParams> = {
  key: 'highlights',
  pageQuery: highlightsPageQuery,
  guestQuery: guestHighlightsQuery,
  guestPage: guestHighlightsPage,
  guestStore: guestHighlights,
  removal: (h) => ({ id: crypto.randomUUID(), kind: 'highlight-delete', highlightId: h.id, verse: h.verse }),
  withPending: (highlights, pending) => withPendingHighlights(highlights, pending, { created: false }),
  removeFailed: 'Failed to remove highlight. Please try again.',
  // Spec §4: the highlights-changed event, 500 ms after a create, at once after a delete.
  afterSave: (what) => announceHighlightsChanged(what === 'removed' ? 0 : CREATED_EVENT_DELAY),
};

/** /notes: editing saves new text; it resolves when saved, or rejects with a message for beside the editor. */
export function useNotesList(params: NotesListParams, viewer: Viewer) {
  const list = useStudyList(NOTES, params, viewer);
  const edit = (note: Note, content: string) =>
    list
      .save(note, {
        patch: { content, updatedAt: new Date().toISOString() },
        // Made on the note as last read: an edit that meets a newer one from another device keeps both.
        write: () => sendOrKeep({ id: crypto.randomUUID(), kind: 'note-edit', note, content, baseUpdatedAt: note.updatedAt }),
      })
      .catch((error: unknown) => {
        throw new Error((error instanceof ApiError && error.serverMessage) || 'Failed to save the note. Please try again.');
      });
  return { ...list, edit };
}

/** /highlights: a new colour is the highlight saved again for the same verse (spec §4). */
export function useHighlightsList(params: HighlightsListParams, viewer: Viewer) {
  const list = useStudyList(HIGHLIGHTS, params, viewer);
  const recolor = async (h: Highlight, color: Highlight['color']) => {
    if (color === h.color) return;
    await list
      .save(h, { patch: { color }, write: () => sendOrKeep<Highlight>({ id: crypto.randomUUID(), kind: 'highlight-set', highlight: { ...h, color } }) })
      .catch(() => toastError('Failed to change the highlight colour. Please try again.'));
  };
  return { ...list, recolor };
}
