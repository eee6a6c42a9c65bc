import { z } from 'zod';
import { AI_QUESTION_MAX } from '../ai/limits.ts';

/** Spec §7 POST /api/personalization/track-question. */
export const trackQuestion = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'Ask a question.')
    .max(AI_QUESTION_MAX, `A question can be at most ${AI_QUESTION_MAX.toLocaleString('en')} characters.`),
  context: z.string().max(8_000).optional(),
  reference: z.string().trim().max(100).optional(),
  aiResponse: z.string().max(50_000).optional(),
});

export const askedQuestion = z.object({
  id: z.string(),
  question: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});

export const questionHistory = z.object({ keep: z.boolean(), questions: z.array(askedQuestion), total: z.number().int() });
export type QuestionHistory = z.infer<typeof questionHistory>;

export const questionHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** Turning history off deletes what was kept. */
export const questionHistoryChoice = z.object({ keep: z.boolean({ error: 'Say whether to keep question history (true or false).' }) });
