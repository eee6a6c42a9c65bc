import { z } from 'zod';
import { AI_QUESTION_MAX, CONVERSATION_LIMITS } from '../ai/limits.ts';
import { askReply } from './ai.ts';

const title = z
  .string({ error: 'Give the conversation a title.' })
  .trim()
  .min(1, 'Give the conversation a title.')
  .max(CONVERSATION_LIMITS.title, `A title can be at most ${CONVERSATION_LIMITS.title} characters.`);

/** One answered question, as the browser kept it; the server checks its references again before keeping it. */
export const conversationTurnInput = z.object({
  id: z.uuid('Each turn needs an id (a UUID).'),
  question: z
    .string({ error: 'Ask a question.' })
    .trim()
    .min(1, 'Ask a question.')
    .max(AI_QUESTION_MAX, `A question can be at most ${AI_QUESTION_MAX.toLocaleString('en')} characters.`),
  response: z
    .string({ error: 'A turn needs its answer.' })
    .min(1, 'A turn needs its answer.')
    .max(CONVERSATION_LIMITS.answer, `An answer can be at most ${CONVERSATION_LIMITS.answer.toLocaleString('en')} characters.`),
  engine: askReply.shape.engine,
  sources: z.string().trim().min(1).max(500, 'An answer’s sources line can be at most 500 characters.').optional(),
  translation: z.string().trim().min(1).max(16),
  createdAt: z.iso.datetime({ offset: true, error: 'A turn’s time must be an ISO date and time.' }).optional(),
});

/**
 * POST /api/conversations/{id}/turns: adds the turns the conversation does not have yet (by id), creating
 * it with `title` when it is new. Sending the same turns again changes nothing, so a move from a guest's
 * browser that was cut short can simply run again.
 */
export const conversationTurnsInput = z.object({
  title,
  turns: z
    .array(conversationTurnInput)
    .min(1, 'Send at least one turn.')
    .max(CONVERSATION_LIMITS.turns, `A conversation can hold at most ${CONVERSATION_LIMITS.turns} turns.`),
});

export const conversationRename = z.object({ title });

export const conversationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const conversationSummary = z.object({
  id: z.string(),
  title: z.string(),
  turnCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationList = z.object({ total: z.number().int(), conversations: z.array(conversationSummary) });
export type ConversationList = z.infer<typeof conversationList>;

export const conversationTurn = z.object({ id: z.string(), question: z.string(), reply: askReply, createdAt: z.string() });
export type ConversationTurn = z.infer<typeof conversationTurn>;

export const conversation = conversationSummary.extend({ turns: z.array(conversationTurn) });
export type Conversation = z.infer<typeof conversation>;
export type ConversationTurnInput = z.infer<typeof conversationTurnInput>;
