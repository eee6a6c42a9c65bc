import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { highlights, noteAiResponses, notes, userSettings, users } from '../../db/schema.ts';

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

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL for highlights, notes and settings. Every query is scoped to one user id. */
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
    const deleted = await this.db.delete(highlights).where(and(eq(highlights.id, id), eq(highlights.userId, userId))).returning({ id: highlights.id });
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

  async updateNote(userId: string, id: string, change: { content?: string; title?: string }): Promise<NoteRow | undefined> {
    const [saved] = await this.db
      .update(notes)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(notes.id, id), eq(notes.userId, userId)))
      .returning();
    return saved;
  }

  async deleteNote(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db.delete(notes).where(and(eq(notes.id, id), eq(notes.userId, userId))).returning({ id: notes.id });
    return deleted.length > 0;
  }

  /**
   * Inserts a guest's items under their own ids, skipping any already there (same id, or a highlight
   * on a verse the account has already marked), so a move that stopped midway can simply run again.
   */
  async importGuestItems(
    userId: string,
    items: {
      highlights: Omit<HighlightRow, 'userId' | 'createdAt'>[];
      notes: Omit<NoteRow, 'userId' | 'createdAt' | 'updatedAt'>[];
      aiResponses: Omit<AiResponseRow, 'userId' | 'createdAt'>[];
    },
  ): Promise<{ highlights: number; notes: number; aiResponses: number }> {
    return this.db.transaction(async (tx) => {
      const h = items.highlights.length
        ? await tx.insert(highlights).values(items.highlights.map((x) => ({ ...x, userId }))).onConflictDoNothing().returning({ id: highlights.id })
        : [];
      const n = items.notes.length ? await tx.insert(notes).values(items.notes.map((x) => ({ ...x, userId }))).onConflictDoNothing().returning({ id: notes.id }) : [];
      // An answer joins the account only with a note of this account: never attached to someone else's.
      const noteIds = [...new Set(items.aiResponses.map((a) => a.noteId))];
      const own = noteIds.length
        ? new Set((await tx.select({ id: notes.id }).from(notes).where(and(eq(notes.userId, userId), inArray(notes.id, noteIds)))).map((r) => r.id))
        : new Set<string>();
      const answers = items.aiResponses.filter((a) => own.has(a.noteId));
      const a = answers.length
        ? await tx.insert(noteAiResponses).values(answers.map((x) => ({ ...x, userId }))).onConflictDoNothing().returning({ id: noteAiResponses.id })
        : [];
      return { highlights: h.length, notes: n.length, aiResponses: a.length };
    });
  }

  async settings(userId: string): Promise<{ translation: string | null; fontSize: string; displayName: string | null }> {
    const [row] = await this.db
      .select({ translation: userSettings.translation, fontSize: userSettings.fontSize, displayName: users.displayName })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId));
    return { translation: row?.translation ?? null, fontSize: row?.fontSize ?? 'large', displayName: row?.displayName ?? null };
  }

  /** Settings and the display name change together or not at all. */
  async saveSettings(userId: string, change: { translation?: string; fontSize?: string; displayName?: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (change.displayName !== undefined) {
        await tx.update(users).set({ displayName: change.displayName, updatedAt: new Date() }).where(eq(users.id, userId));
      }
      if (change.translation !== undefined || change.fontSize !== undefined) {
        const set = { ...(change.translation !== undefined && { translation: change.translation }), ...(change.fontSize !== undefined && { fontSize: change.fontSize }), updatedAt: new Date() };
        await tx.insert(userSettings).values({ userId, ...set }).onConflictDoUpdate({ target: userSettings.userId, set });
      }
    });
  }

  private async page<T extends typeof highlights | typeof notes>(table: T, where: SQL | undefined, order: SQL, filter: ListFilter) {
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(table as typeof highlights).where(where).orderBy(order).limit(filter.limit).offset(filter.offset),
      this.db.select({ total: count() }).from(table as typeof highlights).where(where) as unknown as Promise<[{ total: number }]>,
    ]);
    return { rows: rows as never, total: Number(total) };
  }
}
