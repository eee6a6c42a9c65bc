import { asc, eq } from 'drizzle-orm';
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
