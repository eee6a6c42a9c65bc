import { queryOptions, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Note } from '#common/contracts/study.ts';
import { versesInChapter } from '#common/scripture/reference.ts';
import { GUEST_USER_ID, noteApplies, noteTitle, type NoteType } from '#common/study/rules.ts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { guestNotes } from '../store/guest-notes.ts';
import { trackActivity } from '../../activity/api/activity.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { guestNoteMadeHere, orMadeHereForGuest } from '../store/guest-offline.ts';
import { sendOrKeep, usePendingChanges, withPendingNotes } from '../../offline/api/pending-changes.ts';

export type { NoteType };

/** Spec §3: a quote note is the quoted verse in quotes, a blank line, then the reflection. */
export function quoteNoteContent(verseText: string, reflection: string): string {
  return `"${verseText.trim()}"\n\n${reflection.trim()}`;
}

/**
 * The verses of a chapter that notes were written on ("John 3:16", "John 3:16-18, 20"); notes on the
 * whole chapter ("John 3") mark no verse.
 */
export function notedVerses(notes: readonly Pick<Note, 'reference'>[], chapterReference: string): Set<number> {
  const verses = new Set<number>();
  for (const { reference } of notes) for (const v of versesInChapter(reference, chapterReference)) verses.add(v);
  return verses;
}

export const NOTES_KEY = ['notes'] as const;

/** A guest's notes through the query cache, so invalidating ['notes'] re-reads the browser's copy. */
export const guestNotesQuery = queryOptions({ queryKey: [...NOTES_KEY, 'guest'] as QueryKey, queryFn: () => guestNotes.read(), staleTime: Infinity });

// Spec §9: notes are fresh for 5 minutes, like highlights.
const chapterNotesQuery = (chapterReference: string) => ({
  queryKey: [...NOTES_KEY, 'chapter', chapterReference],
  queryFn: () => apiGet<Note[]>(`/api/notes?reference=${encodeURIComponent(chapterReference)}&limit=500`),
  staleTime: 5 * 60 * 1000,
});

/**
 * The notes that apply to a chapter (§5 rule) — the server's, or the guest's from this browser when
 * the server has none (§6) — and saving/removing them.
 */
export function useChapterNotes(book: string, chapter: number) {
  const queryClient = useQueryClient();
  const chapterReference = `${book} ${chapter}`;
  // A guest's notes are only in this browser: no need to ask the server for each chapter.
  const user = useCurrentUser().data;
  const signedIn = Boolean(user);
  const server = useQuery({ ...chapterNotesQuery(chapterReference), enabled: signedIn });
  const guest = useQuery(guestNotesQuery);
  // Notes written offline show at once, before the server has them.
  const pending = usePendingChanges();
  const notes = useMemo(() => {
    const fromServer = signedIn ? withPendingNotes(server.data ?? [], pending) : [];
    const all = fromServer.length ? fromServer : (guest.data ?? []);
    return all.filter((n) => noteApplies(n.reference, chapterReference));
  }, [server.data, guest.data, chapterReference, pending, signedIn]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTES_KEY });

  const save = useMutation({
    mutationFn: async (input: { type: NoteType; content: string; reference: string }) => {
      // A signed-in person's note carries an id chosen here: offline it waits in order, and the server
      // keeps it once however often it is sent (features/offline).
      const saved = user
        ? await (async () => {
            const note: Note = { ...guestNoteMadeHere(input), userId: user.id };
            return (await sendOrKeep<Note>({ id: crypto.randomUUID(), kind: 'note-create', note })) ?? note;
          })()
        : await orMadeHereForGuest(
            signedIn,
            () => apiPost<Note>('/api/notes', { ...input, title: noteTitle(input.type, input.reference) }),
            () => guestNoteMadeHere(input),
          );
      if (saved.userId === GUEST_USER_ID) guestNotes.prepend(saved);
      // Spec §7: the streak and achievements are read again once the day has it.
      void trackActivity({ notesCreated: 1 }).then(() => queryClient.invalidateQueries({ queryKey: ['progress'] }));
      return saved;
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: async (note: Note) => {
      if (!guestNotes.remove(note.id)) await sendOrKeep({ id: crypto.randomUUID(), kind: 'note-delete', noteId: note.id });
    },
    onSettled: refresh,
  });

  return { notes, save, remove };
}
