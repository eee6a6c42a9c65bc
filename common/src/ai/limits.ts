/** How long a question to the AI may be; zod-free, so the browser can use it without zod. */
export const AI_QUESTION_MAX = 1_000;

/** Bible Chat conversations: how much each may hold, on an account and in a guest's browser. */
export const CONVERSATION_LIMITS = {
  /** Questions and answers in one conversation. */
  turns: 100,
  /** Conversations an account keeps; past it, starting another asks to delete some first. */
  perAccount: 1_000,
  /** A browser's storage is small: a guest keeps the newest conversations, the oldest give way. */
  perGuest: 30,
  title: 120,
  /** Longer than any answer the engines write; a stored answer past it is refused, not cut. */
  answer: 20_000,
} as const;
