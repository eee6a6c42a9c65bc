/** How long a question to the AI may be; zod-free, so the browser can use it without zod. */
export const AI_QUESTION_MAX = 1_000;
