import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AskReply, CheckedReference } from '#common/contracts/ai.ts';
import type { Note } from '#common/contracts/study.ts';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client.ts';
import { toastError } from '../../../components/ui/toast-store.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { askAi } from '../../chat/api/chat.ts';
import { guestAnswers } from '../store/guest-answers.ts';

/** An AI answer on a note (spec §3 AI response); `saved` is false when storing it failed (spec §8). */
export interface NoteAnswer {
  id: string;
  response: string;
  saved: boolean;
  /** The reply with its checked references: as the server sent it, or as it was stored. */
  reply: AskReply;
}

/** A stored answer as the page shows a fresh one: its references linked (none for a guest's answer stored before they were). */
const storedReply = (answer: { response: string; translation: string; references?: CheckedReference[] }): AskReply => ({
  response: answer.response,
  engine: 'scripture-search',
  translation: answer.translation,
  references: answer.references ?? [],
});

const answerQuery = (note: Note, signedIn: boolean) =>
  queryOptions({
    queryKey: ['notes', 'ai-answer', note.id, note.reference, signedIn],
    queryFn: async (): Promise<NoteAnswer | null> => {
      if (!signedIn) {
        const answer = guestAnswers.read()[`${note.id}_${note.reference}`];
        return answer ? { id: answer.id, response: answer.response, saved: answer.saved, reply: storedReply(answer) } : null;
      }
      try {
        const answer = await apiGet<{ id: string; response: string; translation: string; references: CheckedReference[] }>(
          `/api/ai-responses/note/${encodeURIComponent(note.id)}?reference=${encodeURIComponent(note.reference)}`,
        );
        return { id: answer.id, response: answer.response, saved: true, reply: storedReply(answer) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

/**
 * Spec §2/§4 Ask AI on a note: a 2–3 sentence answer about the note at its reference, stored on the
 * account (or in this browser for a guest). A failed answer says so (§8) and leaves nothing pending; a
 * failed save is silent and the answer shows as not saved.
 */
export function useNoteAnswer(note: Note, translation: string) {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useCurrentUser().data);
  const query = answerQuery(note, signedIn);
  const answer = useQuery(query);
  const ask = useMutation({
    mutationFn: async (): Promise<NoteAnswer> => {
      const reply = await askAi(queryClient, { question: note.content, context: note.title, reference: note.reference, translation, brief: true });
      const toSave = { noteId: note.id, prompt: note.content, response: reply.response, translation: reply.translation, reference: note.reference };
      if (!signedIn) {
        const id = crypto.randomUUID();
        guestAnswers.put({ id, ...toSave, saved: true, references: reply.references });
        return { id, response: reply.response, saved: true, reply };
      }
      try {
        const { id } = await apiPost<{ id: string }>('/api/ai-responses', toSave);
        return { id, response: reply.response, saved: true, reply };
      } catch {
        return { id: crypto.randomUUID(), response: reply.response, saved: false, reply };
      }
    },
    onSuccess: (result) => queryClient.setQueryData(query.queryKey, result),
    onError: () => toastError('Failed to generate response.'),
  });
  return { answer: answer.data ?? null, asking: ask.isPending, ask: () => ask.mutate() };
}
