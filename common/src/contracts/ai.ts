import { z } from 'zod';
import { AI_QUESTION_MAX } from '../ai/limits.ts';

/** Spec §7 POST /api/ai/ask. `brief` asks for a note's 2–3 sentence answer (spec §9). */
export const askRequest = z.object({
  question: z
    .string({ error: 'Ask a question.' })
    .trim()
    .min(1, 'Ask a question.')
    .max(AI_QUESTION_MAX, `A question can be at most ${AI_QUESTION_MAX.toLocaleString('en')} characters.`),
  context: z.string().max(8_000, 'The context sent with a question can be at most 8,000 characters.').optional(),
  reference: z.string().trim().max(100).optional(),
  translation: z.string().trim().max(16).optional(),
  brief: z.boolean().optional(),
});

export const checkedReference = z.object({
  written: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  status: z.enum(['verified', 'invalid', 'misquoted']),
  reference: z.string().optional(),
  href: z.string().optional(),
  text: z.string().optional(),
  problem: z.string().optional(),
});

/** AI-enhanced search: passages by meaning for a question or topic, beside the keyword hits. */
export const topicPassagesQuery = z.object({
  q: z.string().trim().min(1, 'Enter a question or a topic.').max(200, 'Search text is too long: use at most 200 characters.'),
  translation: z.string().trim().max(16).optional(),
});
export const topicPassages = z.object({
  topics: z.array(z.string()),
  /** `source`: found through a topic, or suggested by the configured language model (and checked). */
  passages: z.array(z.object({ reference: z.string(), text: z.string(), href: z.string(), source: z.enum(['topic', 'model']) })),
});
export type TopicPassages = z.infer<typeof topicPassages>;

/** The answer (Markdown) and every reference in it, checked against the store. */
export const askReply = z.object({
  response: z.string(),
  engine: z.enum(['scripture-search', 'language-model', 'local-model']),
  /** For the reader, under the answer: what it was drawn from ("From Scripture and Strong's …; every reference checked"). */
  sources: z.string().optional(),
  translation: z.string(),
  references: z.array(checkedReference),
});
export type AskReply = z.infer<typeof askReply>;
export type CheckedReference = z.infer<typeof checkedReference>;
