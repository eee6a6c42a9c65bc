import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Note } from '#common/contracts/study.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { toastError } from '../../components/ui/toast-store.ts';
import { guestNotes, guestNotesQuery } from '../notes/notes-store.ts';
import { guestNotesPage } from './guest-lists.ts';
import { notesPageQuery, type NotesListParams, type Page } from './list-api.ts';
import type { Viewer } from './use-viewer.ts';

/**
 * One page of the person's notes — the account's from the server, a guest's from this browser —
 * and the page's actions. Deleting takes the note off at once; if the server refuses, the refetch
 * puts it back and a toast says so (as highlights do, spec §4/§8).
 */
export function useNotesList(params: NotesListParams, viewer: Viewer) {
  const queryClient = useQueryClient();
  const server = useQuery({ ...notesPageQuery(params), enabled: viewer === 'user' });
  const guest = useQuery({ ...guestNotesQuery, enabled: viewer === 'guest' });
  const data: Page<Note> | undefined = viewer === 'guest' ? guest.data && guestNotesPage(guest.data, params) : viewer === 'user' ? server.data : undefined;
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['notes'] }), [queryClient]);

  const remove = useCallback(
    async (note: Note) => {
      if (viewer === 'guest') {
        guestNotes.remove(note.id);
        return refresh();
      }
      const key = notesPageQuery(params).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Page<Note>>(key, (old) => old && { items: old.items.filter((n) => n.id !== note.id), total: old.total - 1 });
      try {
        await apiRequest('DELETE', `/api/notes/${encodeURIComponent(note.id)}`);
      } catch {
        toastError('Failed to remove note. Please try again.');
      } finally {
        await refresh();
      }
    },
    [viewer, params, queryClient, refresh],
  );

  /** Saves new text; resolves when saved, or rejects with a message to show beside the editor. */
  const edit = useCallback(
    async (note: Note, content: string) => {
      if (viewer === 'guest') {
        guestNotes.update(note.id, { content, updatedAt: new Date().toISOString() });
        return refresh();
      }
      try {
        await apiRequest('PATCH', `/api/notes/${encodeURIComponent(note.id)}`, { content });
      } catch (error) {
        throw new Error((error instanceof ApiError && error.serverMessage) || 'Failed to save the note. Please try again.');
      }
      await refresh();
    },
    [viewer, refresh],
  );

  return {
    data,
    isPending: viewer === 'loading' || (viewer === 'user' ? server.isPending : guest.isPending),
    isFetching: server.isFetching,
    error: viewer === 'user' ? server.error : null,
    retry: () => void server.refetch(),
    remove,
    edit,
  };
}
