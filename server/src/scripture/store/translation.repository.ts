import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { translations, translationTexts } from '../../db/schema.ts';

const TEXT_PART_BYTES = 1 << 20;

export type TranslationRow = typeof translations.$inferSelect;
export type NewTranslationRow = typeof translations.$inferInsert;

/** SQL for the Bible store's tables; nothing else. */
export class TranslationRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<TranslationRow[]> {
    return this.db.select().from(translations).orderBy(translations.code);
  }

  async find(code: string): Promise<TranslationRow | undefined> {
    const [row] = await this.db.select().from(translations).where(eq(translations.code, code));
    return row;
  }

  async text(code: string): Promise<Buffer | undefined> {
    const parts = await this.db
      .select({ content: translationTexts.content })
      .from(translationTexts)
      .where(eq(translationTexts.code, code))
      .orderBy(asc(translationTexts.part));
    return parts.length ? Buffer.concat(parts.map((p) => p.content)) : undefined;
  }

  /**
   * The text part by part, one query each: a reader of many texts in the background (a new process
   * copying its packs) can let other work run between two parts (PGlite answers in the same thread).
   */
  async *textParts(code: string): AsyncGenerator<Buffer> {
    const parts = await this.db
      .select({ part: translationTexts.part })
      .from(translationTexts)
      .where(eq(translationTexts.code, code))
      .orderBy(asc(translationTexts.part));
    for (const { part } of parts) {
      const [found] = await this.db
        .select({ content: translationTexts.content })
        .from(translationTexts)
        .where(and(eq(translationTexts.code, code), eq(translationTexts.part, part)));
      if (found) yield found.content;
    }
  }

  /** Replaces a translation and its text together: readers see the old one or the new one, never half. */
  async save(row: NewTranslationRow, content: Buffer): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(translations).where(eq(translations.code, row.code));
      await tx.insert(translations).values(row);
      for (let part = 0; part * TEXT_PART_BYTES < content.length; part++) {
        const slice = content.subarray(part * TEXT_PART_BYTES, (part + 1) * TEXT_PART_BYTES);
        await tx.insert(translationTexts).values({ code: row.code, part, content: slice });
      }
    });
  }

  async remove(code: string): Promise<void> {
    await this.db.delete(translations).where(eq(translations.code, code));
  }
}
