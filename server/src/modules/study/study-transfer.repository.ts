import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { highlightKey, newItems, noteKey } from '#common/study/dedupe.ts';
import type { Db } from '../../db/client.ts';
import { yieldToEventLoop } from '../../lib/yield.ts';
import { highlights, notes, users } from '../../db/schema.ts';
import type { ImportBatch } from './import-check.ts';
import type { HighlightRow, NoteRow } from './study.repository.ts';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** SQL for whole-account exports and imports. Every query is scoped to one user id. */
export class StudyTransferRepository {
  constructor(private readonly db: Db) {}

  /**
   * The newest `limit` note ids, then the notes in slices by id: the export's order is fixed by one
   * read, while only a slice of the rows is ever held in memory.
   */
  async *notesNewestFirst(userId: string, limit: number, slice = 500): AsyncGenerator<NoteRow> {
    const ids = await this.db.select({ id: notes.id }).from(notes).where(eq(notes.userId, userId)).orderBy(desc(notes.createdAt), desc(notes.id)).limit(limit);
    for (let i = 0; i < ids.length; i += slice) {
      const part = ids.slice(i, i + slice).map((r) => r.id);
      const rows = await this.db
        .select()
        .from(notes)
        .where(and(eq(notes.userId, userId), inArray(notes.id, part)));
      yield* inOrder(part, rows);
    }
  }

  async *highlightsNewestFirst(userId: string, limit: number, slice = 500): AsyncGenerator<HighlightRow> {
    const ids = await this.db
      .select({ id: highlights.id })
      .from(highlights)
      .where(eq(highlights.userId, userId))
      .orderBy(desc(highlights.createdAt), desc(highlights.id))
      .limit(limit);
    for (let i = 0; i < ids.length; i += slice) {
      const part = ids.slice(i, i + slice).map((r) => r.id);
      const rows = await this.db
        .select()
        .from(highlights)
        .where(and(eq(highlights.userId, userId), inArray(highlights.id, part)));
      yield* inOrder(part, rows);
    }
  }

  /**
   * Adds what the account does not hold yet, batch by batch, in one transaction: a note with the same
   * type, reference and content, or a highlight on a verse already marked, is skipped (the account's
   * copy stays). Imports of one account run one at a time (the user row is locked), so two at once
   * cannot both add the same item. Nothing is written ('full') when the account would then hold
   * more than `max` notes or highlights.
   */
  async importItems(userId: string, batches: AsyncIterable<ImportBatch>, max: number) {
    const run = this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      // Compare note contents by digest, so a big account's notes never have to be read whole (both
      // sides were trimmed on the way in).
      const heldNotes = await tx
        .select({ type: notes.type, reference: notes.reference, digest: sql<string>`md5(${notes.content})` })
        .from(notes)
        .where(eq(notes.userId, userId));
      const heldVerses = await tx.select({ verse: highlights.verse }).from(highlights).where(eq(highlights.userId, userId));
      const digestKey = (n: { type: string; reference: string; content: string }) => noteKey({ ...n, content: md5(n.content.trim()) });
      const noteKeys = new Set(heldNotes.map((n) => noteKey({ type: n.type, reference: n.reference, content: n.digest })));
      const verseKeys = new Set(heldVerses.map(highlightKey));
      const counts = { notes: { added: 0, skipped: 0 }, highlights: { added: 0, skipped: 0 } };
      for await (const batch of batches) {
        const newNotes = newItems(noteKeys, batch.notes, digestKey);
        const newMarks = newItems(verseKeys, batch.highlights, highlightKey);
        for (const n of newNotes.added) noteKeys.add(digestKey(n));
        for (const h of newMarks.added) verseKeys.add(highlightKey(h));
        counts.notes.added += newNotes.added.length;
        counts.notes.skipped += newNotes.skipped;
        counts.highlights.added += newMarks.added.length;
        counts.highlights.skipped += newMarks.skipped;
        if (heldNotes.length + counts.notes.added > max || heldVerses.length + counts.highlights.added > max) throw new AccountFull();
        if (newNotes.added.length) await tx.insert(notes).values(newNotes.added.map((n) => ({ ...n, userId })));
        if (newMarks.added.length)
          await tx
            .insert(highlights)
            .values(newMarks.added.map((h) => ({ ...h, userId })))
            .onConflictDoNothing();
        await yieldToEventLoop();
      }
      return counts;
    });
    return run.catch((error: unknown) => {
      if (error instanceof AccountFull) return 'full' as const;
      throw error;
    });
  }
}

/** Thrown inside the transaction to undo it when the account would hold too much. */
class AccountFull extends Error {}

function* inOrder<T extends { id: string }>(ids: readonly string[], rows: readonly T[]): Generator<T> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (row) yield row; // deleted since the ids were read: left out
  }
}
