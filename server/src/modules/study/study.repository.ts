import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { highlights, noteAiResponses, notes } from '../../db/schema.ts';

export type HighlightRow = typeof highlights.$inferSelect;
export type NoteRow = typeof notes.$inferSelect;
export type AiResponseRow = typeof noteAiResponses.$inferSelect;

export interface ListFilter {
  q?: string;
  /** A book name as references start with it ("John"). */
  book?: string;
  limit: number;
  offset: number;
}

/** Thrown inside a transaction to undo it when the account would hold too much. */
class AccountFull extends Error {}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL for highlights and notes. Every query is scoped to one user id. */
export class StudyRepository {
  constructor(private readonly db: Db) {}

  async listHighlights(userId: string, filter: ListFilter & { color?: string }): Promise<{ rows: HighlightRow[]; total: number }> {
    const where = and(
      eq(highlights.userId, userId),
      filter.color ? eq(highlights.color, filter.color) : undefined,
      filter.book ? sql`${highlights.reference} LIKE ${`${filter.book} %`}` : undefined,
      filter.q ? or(ilike(highlights.text, like(filter.q)), ilike(highlights.reference, like(filter.q))) : undefined,
    );
    return this.page(highlights, where, desc(highlights.createdAt), filter);
  }

  async countHighlights(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(highlights).where(eq(highlights.userId, userId));
    return Number(row?.n ?? 0);
  }

  async countNotes(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(notes).where(eq(notes.userId, userId));
    return Number(row?.n ?? 0);
  }

  async hasHighlight(userId: string, verse: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: highlights.id })
      .from(highlights)
      .where(and(eq(highlights.userId, userId), eq(highlights.verse, verse)));
    return rows.length > 0;
  }

  /** One highlight per verse: highlighting again changes the colour. */
  async upsertHighlight(row: Omit<HighlightRow, 'createdAt'>): Promise<HighlightRow> {
    const [saved] = await this.db
      .insert(highlights)
      .values(row)
      .onConflictDoUpdate({ target: [highlights.userId, highlights.verse], set: { color: row.color, text: row.text, reference: row.reference } })
      .returning();
    return saved!;
  }

  async deleteHighlight(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(highlights)
      .where(and(eq(highlights.id, id), eq(highlights.userId, userId)))
      .returning({ id: highlights.id });
    return deleted.length > 0;
  }

  async listNotes(userId: string, filter: ListFilter & { type?: string; reference?: string }): Promise<{ rows: NoteRow[]; total: number }> {
    const where = and(
      eq(notes.userId, userId),
      filter.type ? eq(notes.type, filter.type) : undefined,
      filter.book ? sql`${notes.reference} LIKE ${`${filter.book} %`}` : undefined,
      filter.reference ? or(eq(notes.reference, filter.reference), sql`split_part(${notes.reference}, ':', 1) = ${filter.reference.split(':')[0]}`) : undefined,
      filter.q ? or(ilike(notes.content, like(filter.q)), ilike(notes.title, like(filter.q))) : undefined,
    );
    return this.page(notes, where, desc(notes.createdAt), filter);
  }

  async insertNote(row: Omit<NoteRow, 'createdAt' | 'updatedAt'>): Promise<NoteRow> {
    const [saved] = await this.db.insert(notes).values(row).returning();
    return saved!;
  }

  /** A note under the id the browser chose: inserted once; a repeat returns the row that has it, whoever's it is. */
  async insertNoteOnce(row: Omit<NoteRow, 'createdAt' | 'updatedAt'>): Promise<NoteRow | undefined> {
    const [saved] = await this.db.insert(notes).values(row).onConflictDoNothing({ target: notes.id }).returning();
    if (saved) return saved;
    const [kept] = await this.db.select().from(notes).where(eq(notes.id, row.id));
    return kept;
  }

  async findNote(userId: string, id: string): Promise<NoteRow | undefined> {
    const [row] = await this.db
      .select()
      .from(notes)
      .where(and(eq(notes.id, id), eq(notes.userId, userId)));
    return row;
  }

  async updateNote(userId: string, id: string, change: { content?: string; title?: string }): Promise<NoteRow | undefined> {
    const [saved] = await this.db
      .update(notes)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(notes.id, id), eq(notes.userId, userId)))
      .returning();
    return saved;
  }

  async deleteNote(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(notes)
      .where(and(eq(notes.id, id), eq(notes.userId, userId)))
      .returning({ id: notes.id });
    return deleted.length > 0;
  }

  /** The newest answer saved for one of the user's notes at a reference (spec §7). */
  async latestAiResponse(userId: string, noteId: string, reference: string): Promise<AiResponseRow | undefined> {
    const [row] = await this.db
      .select()
      .from(noteAiResponses)
      .where(and(eq(noteAiResponses.userId, userId), eq(noteAiResponses.noteId, noteId), eq(noteAiResponses.reference, reference)))
      .orderBy(desc(noteAiResponses.createdAt))
      .limit(1);
    return row;
  }

  /** Saves an answer on a note, only when the note is the user's; false when it is not. */
  async insertAiResponse(row: Omit<AiResponseRow, 'createdAt' | 'saved'>): Promise<boolean> {
    const [own] = await this.db
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.id, row.noteId), eq(notes.userId, row.userId)));
    if (!own) return false;
    await this.db.insert(noteAiResponses).values(row);
    return true;
  }

  /**
   * Inserts a guest's items under their own ids, skipping any already there (same id, or a highlight
   * on a verse the account has already marked), so a move that stopped midway can simply run again.
   * Nothing is written ('full') when the account would then hold more than `max` notes or highlights.
   */
  async importGuestItems(
    userId: string,
    items: {
      highlights: Omit<HighlightRow, 'userId' | 'createdAt'>[];
      notes: Omit<NoteRow, 'userId' | 'createdAt' | 'updatedAt'>[];
      aiResponses: Omit<AiResponseRow, 'userId' | 'createdAt'>[];
    },
    max: number,
  ): Promise<{ highlights: number; notes: number; aiResponses: number } | 'full'> {
    const move = this.db.transaction(async (tx) => {
      const h = items.highlights.length
        ? await tx
            .insert(highlights)
            .values(items.highlights.map((x) => ({ ...x, userId })))
            .onConflictDoNothing()
            .returning({ id: highlights.id })
        : [];
      const n = items.notes.length
        ? await tx
            .insert(notes)
            .values(items.notes.map((x) => ({ ...x, userId })))
            .onConflictDoNothing()
            .returning({ id: notes.id })
        : [];
      const [heldNotes] = await tx.select({ n: count() }).from(notes).where(eq(notes.userId, userId));
      const [heldMarks] = await tx.select({ n: count() }).from(highlights).where(eq(highlights.userId, userId));
      if (Number(heldNotes!.n) > max || Number(heldMarks!.n) > max) throw new AccountFull();
      // An answer joins the account only with a note of this account: never attached to someone else's.
      const noteIds = [...new Set(items.aiResponses.map((a) => a.noteId))];
      const own = noteIds.length
        ? new Set(
            (
              await tx
                .select({ id: notes.id })
                .from(notes)
                .where(and(eq(notes.userId, userId), inArray(notes.id, noteIds)))
            ).map((r) => r.id),
          )
        : new Set<string>();
      const answers = items.aiResponses.filter((a) => own.has(a.noteId));
      const a = answers.length
        ? await tx
            .insert(noteAiResponses)
            .values(answers.map((x) => ({ ...x, userId })))
            .onConflictDoNothing()
            .returning({ id: noteAiResponses.id })
        : [];
      return { highlights: h.length, notes: n.length, aiResponses: a.length };
    });
    return move.catch((error: unknown) => {
      if (error instanceof AccountFull) return 'full' as const;
      throw error;
    });
  }

  private async page<T extends typeof highlights | typeof notes>(table: T, where: SQL | undefined, order: SQL, filter: ListFilter) {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(table as typeof highlights)
        .where(where)
        .orderBy(order)
        .limit(filter.limit)
        .offset(filter.offset),
      this.db
        .select({ total: count() })
        .from(table as typeof highlights)
        .where(where) as unknown as Promise<[{ total: number }]>,
    ]);
    return { rows: rows as never, total: Number(total) };
  }
}
