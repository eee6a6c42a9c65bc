import { CONVERSATION_LIMITS } from '#common/ai/limits.ts';
import type { Conversation, ConversationList, ConversationSummary, ConversationTurnInput } from '#common/contracts/conversations.ts';
import type { AskReply, CheckedReference } from '#common/contracts/ai.ts';
import { AppError, NotFound } from '../../lib/errors.ts';
import type { BibleService } from '../bible/bible.service.ts';
import { requireUser, type Viewer } from '../../access/viewer.ts';
import { ConversationFull, type ConversationsRepository, type ConversationWithCount, type TurnRow } from './conversations.repository.ts';
import { checkStoredAnswer } from './reference-check.ts';

const SIGN_IN = 'Sign in to keep your conversations on your account.';
const NOT_FOUND = 'This conversation was not found.';

/**
 * Bible Chat conversations kept on a signed-in person's account: listed newest first, renamed,
 * deleted. Answers arrive from the browser, so their references are checked again here before they
 * are kept: a stored answer never shows a reference as valid that the store does not have.
 */
export class ConversationsService {
  constructor(
    private readonly repository: ConversationsRepository,
    private readonly bible: BibleService,
  ) {}

  async list(viewer: Viewer, page: { limit: number; offset: number }): Promise<ConversationList> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const { rows, total } = await this.repository.list(userId, page.limit, page.offset);
    return { total, conversations: rows.map(summary) };
  }

  async get(viewer: Viewer, id: string): Promise<Conversation> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const found = await this.repository.find(userId, id);
    if (!found) throw new NotFound(NOT_FOUND);
    return { ...summary({ ...found.conversation, turnCount: found.turns.length }), turns: found.turns.map(presentTurn) };
  }

  async addTurns(viewer: Viewer, id: string, input: { title: string; turns: ConversationTurnInput[] }): Promise<Conversation> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const owner = await this.repository.ownerOf(id);
    if (owner && owner !== userId) throw new NotFound(NOT_FOUND);
    const now = Date.now();
    const turns = await Promise.all(
      input.turns.map(async (turn) => ({
        id: turn.id,
        question: turn.question,
        response: turn.response,
        engine: turn.engine,
        sources: turn.sources ?? null,
        ...(await checkStoredAnswer(turn.response, turn.translation, this.bible)),
        // A time from the browser is kept for order, but never later than now.
        createdAt: new Date(Math.min(turn.createdAt ? Date.parse(turn.createdAt) : now, now)),
      })),
    );
    try {
      await this.repository.addTurns(userId, { id, title: input.title }, turns, CONVERSATION_LIMITS);
    } catch (error) {
      if (!(error instanceof ConversationFull)) throw error;
      throw new AppError(
        409,
        error.what === 'account'
          ? `Your account keeps ${CONVERSATION_LIMITS.perAccount.toLocaleString('en')} conversations, the most it can. Delete some to start another.`
          : `A conversation can hold ${CONVERSATION_LIMITS.turns} questions. Start a new conversation to ask more.`,
      );
    }
    return this.get(viewer, id);
  }

  async rename(viewer: Viewer, id: string, title: string): Promise<ConversationSummary> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const renamed = await this.repository.rename(userId, id, title);
    if (!renamed) throw new NotFound(NOT_FOUND);
    return summary(renamed);
  }

  async remove(viewer: Viewer, id: string): Promise<void> {
    const { userId } = requireUser(viewer, SIGN_IN);
    if (!(await this.repository.remove(userId, id))) throw new NotFound(NOT_FOUND);
  }
}

function summary(row: ConversationWithCount): ConversationSummary {
  return { id: row.id, title: row.title, turnCount: row.turnCount, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

// What a kept turn's engine may say; anything else (an older row) was the Scripture engine.
const STORED_ENGINES: readonly AskReply['engine'][] = ['scripture-search', 'language-model', 'local-model'];

function presentTurn(row: TurnRow): Conversation['turns'][number] {
  const reply: AskReply = {
    response: row.response,
    engine: STORED_ENGINES.find((e) => e === row.engine) ?? 'scripture-search',
    ...(row.sources ? { sources: row.sources } : {}),
    translation: row.translation,
    references: row.references as CheckedReference[],
  };
  return { id: row.id, question: row.question, reply, createdAt: row.createdAt.toISOString() };
}
