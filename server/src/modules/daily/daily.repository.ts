import { and, asc, desc, eq, gt, gte, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailyPrayers } from '../../db/schema.ts';

export type PrayerRow = typeof dailyPrayers.$inferSelect;

/** SQL for the daily prayers: one per day. */
export class DailyRepository {
  constructor(private readonly db: Db) {}

  async onDay(day: string): Promise<PrayerRow | undefined> {
    const [row] = await this.db.select().from(dailyPrayers).where(eq(dailyPrayers.day, day));
    return row;
  }

  async byId(id: string): Promise<PrayerRow | undefined> {
    const [row] = await this.db.select().from(dailyPrayers).where(eq(dailyPrayers.id, id));
    return row;
  }

  /** Adds a day's prayer unless the day has one; answers whether it went in. */
  async addIfAbsent(row: Omit<PrayerRow, 'createdAt' | 'updatedAt' | 'pictureId'>): Promise<boolean> {
    const added = await this.db.insert(dailyPrayers).values(row).onConflictDoNothing().returning({ id: dailyPrayers.id });
    return added.length > 0;
  }

  /** An editor's prayer for a day: it takes the day's place, whoever wrote the one there (its picture is made again). */
  async putEditor(row: { id: string; day: string; title: string; content: string }): Promise<void> {
    const values = { title: row.title, content: row.content, source: 'editor', reference: null, translation: null, pictureId: null };
    await this.db
      .insert(dailyPrayers)
      .values({ id: row.id, day: row.day, ...values })
      .onConflictDoUpdate({ target: dailyPrayers.day, set: { ...values, updatedAt: new Date() } });
  }

  /** Puts another prayer of Scripture in a Scripture prayer's place (never an editor's or a model's); answers whether it did. */
  async replaceScripture(id: string, written: { title: string; content: string; reference: string | null; translation: string | null }): Promise<boolean> {
    const changed = await this.db
      .update(dailyPrayers)
      .set({ ...written, pictureId: null, updatedAt: new Date() })
      .where(and(eq(dailyPrayers.id, id), eq(dailyPrayers.source, 'scripture')))
      .returning({ id: dailyPrayers.id });
    return changed.length > 0;
  }

  async setPicture(id: string, pictureId: string): Promise<void> {
    await this.db.update(dailyPrayers).set({ pictureId, updatedAt: new Date() }).where(eq(dailyPrayers.id, id));
  }

  /** The prayers from `from` to `to` (days, inclusive), in day order. */
  async range(from: string, to: string): Promise<PrayerRow[]> {
    return this.db
      .select()
      .from(dailyPrayers)
      .where(and(gte(dailyPrayers.day, from), lte(dailyPrayers.day, to)))
      .orderBy(asc(dailyPrayers.day));
  }

  /** The nearest days before and after `day` (up to `until`) that have a prayer. */
  async neighbours(day: string, until: string): Promise<{ previous: string | null; next: string | null }> {
    const [previous] = await this.db
      .select({ day: dailyPrayers.day })
      .from(dailyPrayers)
      .where(lt(dailyPrayers.day, day))
      .orderBy(desc(dailyPrayers.day))
      .limit(1);
    const [next] = await this.db
      .select({ day: dailyPrayers.day })
      .from(dailyPrayers)
      .where(and(gt(dailyPrayers.day, day), lte(dailyPrayers.day, until)))
      .orderBy(asc(dailyPrayers.day))
      .limit(1);
    return { previous: previous?.day ?? null, next: next?.day ?? null };
  }
}
