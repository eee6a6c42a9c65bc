import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, conversationTurns } from '../../db/schema.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type TurnRow = typeof conversationTurns.$inferSelect;
export type ConversationWithCount = ConversationRow & { turnCount: number };

/** Thrown inside a transaction to undo it: the account or the conversation would hold too much. */
export class ConversationFull extends Error {
  constructor(readonly what: 'account' | 'conversation') {
    super(what);
  }
}

/** SQL for Bible Chat conversations. Every read and write is scoped to one user id. */
export class ConversationsRepository {
  constructor(private readonly db: Db) {}

  async list(userId: string, limit: number, offset: number): Promise<{ rows: ConversationWithCount[]; total: number }> {
    const turnCount = this.db
      .select({ conversationId: conversationTurns.conversationId, n: count().as('n') })
      .from(conversationTurns)
      .groupBy(conversationTurns.conversationId)
      .as('turn_count');
    const rows = await this.db
      .select({ conversation: conversations, n: turnCount.n })
      .from(conversations)
      .leftJoin(turnCount, eq(turnCount.conversationId, conversations.id))
      .where(eq(conversations.userId, userId))
      .orderBy(desc(conversations.updatedAt), desc(conversations.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db.select({ total: count() }).from(conversations).where(eq(conversations.userId, userId))) as [{ total: number }];
    return { rows: rows.map((r) => ({ ...r.conversation, turnCount: Number(r.n ?? 0) })), total: Number(total) };
  }

  async find(userId: string, id: string): Promise<{ conversation: ConversationRow; turns: TurnRow[] } | undefined> {
    const [conversation] = await this.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
    if (!conversation) return undefined;
    const turns = await this.db
      .select()
      .from(conversationTurns)
      .where(eq(conversationTurns.conversationId, id))
      .orderBy(asc(conversationTurns.createdAt), asc(conversationTurns.id));
    return { conversation, turns };
  }

  /** Whose conversation this id is, if anyone's. */
  async ownerOf(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ userId: conversations.userId }).from(conversations).where(eq(conversations.id, id));
    return row?.userId;
  }

  /**
   * Adds the turns the conversation lacks (by id), creating it when new, in one transaction; throws
   * ConversationFull (and changes nothing) past either bound. Returns how many turns were added.
   */
  async addTurns(
    userId: string,
    conversation: { id: string; title: string },
    turns: (Omit<TurnRow, 'conversationId' | 'sources'> & Partial<Pick<TurnRow, 'sources'>>)[],
    limits: { perAccount: number; turns: number },
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(conversations).where(eq(conversations.id, conversation.id));
      const first = turns.reduce((a, t) => (t.createdAt < a ? t.createdAt : a), turns[0]!.createdAt);
      if (!existing) {
        const [{ held }] = (await tx.select({ held: count() }).from(conversations).where(eq(conversations.userId, userId))) as [{ held: number }];
        if (Number(held) >= limits.perAccount) throw new ConversationFull('account');
        await tx.insert(conversations).values({ id: conversation.id, userId, title: conversation.title, createdAt: first, updatedAt: first });
      }
      const ids = turns.map((t) => t.id);
      const known = new Set((await tx.select({ id: conversationTurns.id }).from(conversationTurns).where(inArray(conversationTurns.id, ids))).map((r) => r.id));
      const fresh = turns.filter((t) => !known.has(t.id));
      if (fresh.length === 0) return 0;
      const [{ held }] = (await tx.select({ held: count() }).from(conversationTurns).where(eq(conversationTurns.conversationId, conversation.id))) as [
        { held: number },
      ];
      if (Number(held) + fresh.length > limits.turns) throw new ConversationFull('conversation');
      await tx
        .insert(conversationTurns)
        .values(fresh.map((t) => ({ ...t, conversationId: conversation.id })))
        .onConflictDoNothing();
      const latest = fresh.reduce((a, t) => (t.createdAt > a ? t.createdAt : a), existing?.updatedAt ?? first);
      await tx.update(conversations).set({ updatedAt: latest }).where(eq(conversations.id, conversation.id));
      return fresh.length;
    });
  }

  /** The renamed conversation with its number of turns, or undefined when it is not the person's. */
  async rename(userId: string, id: string, title: string): Promise<ConversationWithCount | undefined> {
    const [row] = await this.db
      .update(conversations)
      .set({ title })
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning();
    if (!row) return undefined;
    const [{ n }] = (await this.db.select({ n: count() }).from(conversationTurns).where(eq(conversationTurns.conversationId, id))) as [{ n: number }];
    return { ...row, turnCount: Number(n) };
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  }
}
