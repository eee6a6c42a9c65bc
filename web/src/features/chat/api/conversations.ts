import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { CONVERSATION_LIMITS } from '#common/ai/limits.ts';
import type { Conversation, ConversationList, ConversationSummary, ConversationTurn } from '#common/contracts/conversations.ts';
import { ApiError, apiGet, apiPost, apiRequest } from '../../../lib/api-client.ts';
import { guestConversations } from '../store/guest-conversations.ts';
import { currentUserQuery } from '../../auth/api/auth.ts';

export type { Conversation, ConversationSummary, ConversationTurn };

const PAGE = 20;
const TITLE_WORDS = 80;
export const CONVERSATIONS_KEY = ['conversations'] as const;
const FULL = `A conversation can hold ${CONVERSATION_LIMITS.turns} questions. Start a new conversation to ask more.`;

/** A conversation's first title: its first question, on one line and short enough for a list. */
export function titleFor(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_WORDS ? `${line.slice(0, TITLE_WORDS - 1).trimEnd()}…` : line;
}

const summaryOf = ({ turns: _turns, ...summary }: Conversation): ConversationSummary => summary;

/** The conversation list, a page at a time: the account's from the server, a guest's from this browser. */
export const conversationsQuery = (signedIn: boolean) =>
  infiniteQueryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'list', signedIn],
    queryFn: ({ pageParam }): Promise<ConversationList> | ConversationList => {
      if (signedIn) return apiGet<ConversationList>(`/api/conversations?limit=${PAGE}&offset=${pageParam}`);
      const all = guestConversations.read();
      return { total: all.length, conversations: all.map(summaryOf) };
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.conversations.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });

/** One conversation with its turns, or null when it is not there (deleted, someone else's, another browser's). */
export const conversationQuery = (id: string, signedIn: boolean) =>
  queryOptions({
    queryKey: [...CONVERSATIONS_KEY, 'one', id, signedIn],
    queryFn: async (): Promise<Conversation | null> => {
      if (!signedIn) return guestConversations.read().find((c) => c.id === id) ?? null;
      try {
        return await apiGet<Conversation>(`/api/conversations/${encodeURIComponent(id)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });

const turnInput = (turn: ConversationTurn) => ({
  id: turn.id,
  question: turn.question,
  response: turn.reply.response,
  engine: turn.reply.engine,
  ...(turn.reply.sources ? { sources: turn.reply.sources } : {}),
  translation: turn.reply.translation,
  createdAt: turn.createdAt,
});

/** Keeps an answered question in its conversation (creating it with `title` when new). */
export async function keepTurn(queryClient: QueryClient, conversation: { id: string; title: string }, turn: ConversationTurn): Promise<void> {
  const signedIn = Boolean(await queryClient.ensureQueryData(currentUserQuery));
  if (signedIn) {
    await apiPost(`/api/conversations/${conversation.id}/turns`, { title: conversation.title, turns: [turnInput(turn)] });
  } else {
    const all = guestConversations.read();
    const found = all.find((c) => c.id === conversation.id);
    if (found?.turns.some((t) => t.id === turn.id)) return;
    if (found && found.turns.length >= CONVERSATION_LIMITS.turns) throw new Error(FULL);
    const turns = [...(found?.turns ?? []), turn];
    const kept: Conversation = {
      id: conversation.id,
      title: found?.title ?? conversation.title,
      createdAt: found?.createdAt ?? turn.createdAt,
      updatedAt: turn.createdAt,
      turnCount: turns.length,
      turns,
    };
    // The browser's storage is small: the newest conversations stay, the oldest give way.
    guestConversations.write([kept, ...all.filter((c) => c.id !== kept.id)].slice(0, CONVERSATION_LIMITS.perGuest));
  }
  await queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] });
}

export async function renameConversation(signedIn: boolean, id: string, title: string): Promise<void> {
  if (signedIn) await apiRequest('PATCH', `/api/conversations/${id}`, { title });
  else guestConversations.update(id, { title });
}

export async function deleteConversation(signedIn: boolean, id: string): Promise<void> {
  if (signedIn) await apiRequest('DELETE', `/api/conversations/${id}`);
  else guestConversations.remove(id);
}

// Small enough that a request stays well inside the server's body limit whatever the answers' length.
const MOVE_BATCH = 10;

/**
 * On sign-in, a guest's conversations move into the account, each leaving the browser once all its
 * turns are there. The server skips turns it already has, so a move cut short runs again on the
 * next load and nothing is doubled. Returns how many conversations moved.
 */
export async function moveGuestConversations(): Promise<number> {
  let moved = 0;
  for (const conversation of guestConversations.read().reverse()) {
    for (let i = 0; i < conversation.turns.length; i += MOVE_BATCH) {
      const turns = conversation.turns.slice(i, i + MOVE_BATCH).map(turnInput);
      await apiPost(`/api/conversations/${conversation.id}/turns`, { title: conversation.title, turns });
    }
    guestConversations.remove(conversation.id);
    moved++;
  }
  return moved;
}
