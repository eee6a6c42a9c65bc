import type { AskReply } from '#common/contracts/ai.ts';
import { apiPost } from '../../../lib/api-client.ts';

/** Spec §2: the chips' fixed questions (home page and an empty chat). */
export const CHAT_CHIPS = [
  { label: 'Love', question: 'What does the Bible say about love?' },
  { label: 'Peace', question: 'How can I find peace in difficult times?' },
  { label: 'Faith', question: 'What is faith according to the Bible?' },
  { label: 'Prayer', question: 'How can I pray effectively?' },
] as const;

export interface ChatTurn {
  question: string;
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

/** Spec §7 POST /api/ai/ask, in the translation the person reads. */
export const askAi = (input: { question: string; context?: string; reference?: string; translation?: string; brief?: boolean }) =>
  apiPost<AskReply>('/api/ai/ask', input);
