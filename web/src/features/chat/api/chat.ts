import type { QueryClient } from '@tanstack/react-query';
import type { AskReply } from '#common/contracts/ai.ts';
import { apiPost, apiStream } from '../../../lib/api-client.ts';
import { trackGuestQuestion } from '../../activity/api/activity.ts';
import { PROGRESS_KEY } from '../../progress/api/progress-reports.ts';

/** Spec §2: the chips' fixed questions (home page and an empty chat). */
export const CHAT_CHIPS = [
  { label: 'Love', question: 'What does the Bible say about love?' },
  { label: 'Peace', question: 'How can I find peace in difficult times?' },
  { label: 'Faith', question: 'What is faith according to the Bible?' },
  { label: 'Prayer', question: 'How can I pray effectively?' },
] as const;

export interface ChatTurn {
  /** The turn's id in its kept conversation. */
  id: string;
  question: string;
  /** Its place in line for a model that answers one question at a time (1 = next), before the model starts on it. */
  place?: number;
  /** What a model has written so far, before its references are checked. */
  draft?: string;
  reply?: AskReply;
  error?: string;
}

// Only the last turns go with a question, and only so much of them: the context is bounded.
const CONTEXT_TURNS = 3;
const CONTEXT_MAX = 6_000;

/** The earlier turns a question is asked with, newest last, cut from the front to fit. */
export function conversationContext(turns: readonly ChatTurn[]): string | undefined {
  const text = turns
    .filter((t) => t.reply)
    .slice(-CONTEXT_TURNS)
    .map((t) => `Q: ${t.question}\nA: ${t.reply!.response}`)
    .join('\n\n');
  return text ? text.slice(-CONTEXT_MAX) : undefined;
}

/**
 * An answered question counts toward the day: the server counts an account's, this browser a guest's.
 * The streak, My Stats and achievements (Seeker) are read again once it has (spec §7 cache refresh).
 */
function questionAnswered(queryClient: QueryClient): void {
  void trackGuestQuestion().then(() => queryClient.invalidateQueries({ queryKey: PROGRESS_KEY }));
}

/** Spec §7 POST /api/ai/ask, in the translation the person reads. */
export const askAi = async (
  queryClient: QueryClient,
  input: { question: string; context?: string; reference?: string; translation?: string; brief?: boolean },
) => {
  const reply = await apiPost<AskReply>('/api/ai/ask', input);
  questionAnswered(queryClient);
  return reply;
};

/**
 * The same question answered as it is written (POST /api/ai/ask/stream): its place in line while it waits
 * for a model that answers one question at a time, drafts while a model writes, then the checked reply.
 * Rejects with the server's message on an `error` event.
 */
export async function askAiStream(
  queryClient: QueryClient,
  input: { question: string; context?: string; reference?: string; translation?: string },
  onDraft: (text: string) => void,
  signal: AbortSignal,
  onQueued?: (place: number) => void,
): Promise<AskReply> {
  let reply: AskReply | undefined;
  let failure: string | undefined;
  await apiStream(
    '/api/ai/ask/stream',
    input,
    (event, data) => {
      if (event === 'draft') onDraft((data as { text: string }).text);
      else if (event === 'queued') onQueued?.((data as { place: number }).place);
      else if (event === 'done') reply = data as AskReply;
      else if (event === 'error') failure = (data as { message: string }).message;
    },
    signal,
  );
  if (!reply) throw new Error(failure ?? 'Failed to generate response.');
  questionAnswered(queryClient);
  return reply;
}
