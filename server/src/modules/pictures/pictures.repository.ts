import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailyPrayers, pictureReports, pictures, sharedVerses } from '../../db/schema.ts';

export type PictureRow = typeof pictures.$inferSelect;
export type NewPicture = typeof pictures.$inferInsert;
export type SharedVerseRow = typeof sharedVerses.$inferSelect;
export type PictureKind = 'verse' | 'chapter' | 'card' | 'prayer';

/** SQL for pictures, their reports and shared verses. Hidden pictures are never listed or shown. */
export class PicturesRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewPicture): Promise<PictureRow> {
    const [saved] = await this.db.insert(pictures).values(row).returning();
    return saved!;
  }

  /** Newest first; a reference narrows to one passage, a translation to pictures of its text. */
  list(kind: PictureKind, filter: { reference?: string; translation?: string }, limit: number): Promise<PictureRow[]> {
    return this.db
      .select()
      .from(pictures)
      .where(
        and(
          eq(pictures.kind, kind),
          eq(pictures.hidden, false),
          filter.reference ? eq(pictures.reference, filter.reference) : undefined,
          filter.translation ? eq(pictures.translation, filter.translation) : undefined,
        ),
      )
      .orderBy(desc(pictures.createdAt), desc(pictures.id))
      .limit(limit);
  }

  async find(id: string): Promise<PictureRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pictures)
      .where(and(eq(pictures.id, id), eq(pictures.hidden, false)));
    return row;
  }

  async findByImageKey(key: string): Promise<PictureRow | undefined> {
    const [row] = await this.db
      .select()
      .from(pictures)
      .where(and(eq(pictures.imageKey, key), eq(pictures.hidden, false)));
    return row;
  }

  async countView(id: string): Promise<PictureRow | undefined> {
    const [row] = await this.db
      .update(pictures)
      .set({ viewCount: sql`${pictures.viewCount} + 1` })
      .where(and(eq(pictures.id, id), eq(pictures.hidden, false)))
      .returning();
    return row;
  }

  /** Keeps one report per reporter; hides the picture once `hideAt` people have reported it. */
  async report(id: string, reporter: string, reason: string | undefined, hideAt: number): Promise<{ hidden: boolean } | undefined> {
    return this.db.transaction(async (tx) => {
      const [picture] = await tx.select({ id: pictures.id }).from(pictures).where(eq(pictures.id, id));
      if (!picture) return undefined;
      await tx.insert(pictureReports).values({ pictureId: id, reporter, reason }).onConflictDoNothing();
      const [{ n }] = (await tx.select({ n: count() }).from(pictureReports).where(eq(pictureReports.pictureId, id))) as [{ n: number }];
      if (Number(n) < hideAt) return { hidden: false };
      await tx.update(pictures).set({ hidden: true }).where(eq(pictures.id, id));
      return { hidden: true };
    });
  }

  /** An admin's decision; showing a picture again clears its reports, so it is not hidden by the next one. */
  async setHidden(id: string, hidden: boolean): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx.update(pictures).set({ hidden }).where(eq(pictures.id, id)).returning({ id: pictures.id });
      if (updated.length === 0) return false;
      if (!hidden) await tx.delete(pictureReports).where(eq(pictureReports.pictureId, id));
      return true;
    });
  }

  /** Any picture, hidden ones too (for an admin). */
  async findAny(id: string): Promise<PictureRow | undefined> {
    const [row] = await this.db.select().from(pictures).where(eq(pictures.id, id));
    return row;
  }

  /**
   * An admin's deletion: the picture's row, its reports, every shared verse that shows it (a share's
   * page is its picture) and the day's prayer's link to it. Returns how many shares went with it, or
   * undefined when there was no such picture.
   */
  async deletePicture(id: string): Promise<{ shares: number } | undefined> {
    return this.db.transaction(async (tx) => {
      const shares = await tx.delete(sharedVerses).where(eq(sharedVerses.pictureId, id)).returning({ code: sharedVerses.shareCode });
      await tx.update(dailyPrayers).set({ pictureId: null, updatedAt: new Date() }).where(eq(dailyPrayers.pictureId, id));
      await tx.delete(pictureReports).where(eq(pictureReports.pictureId, id));
      const gone = await tx.delete(pictures).where(eq(pictures.id, id)).returning({ id: pictures.id });
      return gone.length === 0 ? undefined : { shares: shares.length };
    });
  }

  /** Pictures with reports or hidden, the most reported first, with their reasons (the latest few). */
  async reportedOrHidden(limit: number) {
    const reports = sql<number>`(select count(*) from ${pictureReports} r where r.picture_id = ${pictures.id})::int`;
    return this.db
      .select({
        picture: pictures,
        reports,
        reasons: sql<
          string[]
        >`coalesce((select array_agg(r.reason order by r.created_at desc) from (select reason, created_at from ${pictureReports} where picture_id = ${pictures.id} and reason is not null and reason <> '' order by created_at desc limit 5) r), '{}')`,
      })
      .from(pictures)
      .where(or(eq(pictures.hidden, true), sql`exists (select 1 from ${pictureReports} r where r.picture_id = ${pictures.id})`))
      .orderBy(desc(reports), desc(pictures.createdAt))
      .limit(limit);
  }

  /** The latest public shared verses, hidden ones too (an admin sees what readers no longer can). */
  async latestPublicShares(limit: number) {
    return this.db
      .select({ shared: sharedVerses, picture: pictures })
      .from(sharedVerses)
      .innerJoin(pictures, eq(pictures.id, sharedVerses.pictureId))
      .where(eq(sharedVerses.isPublic, true))
      .orderBy(desc(sharedVerses.createdAt))
      .limit(limit);
  }

  async insertShared(row: typeof sharedVerses.$inferInsert): Promise<SharedVerseRow> {
    const [saved] = await this.db.insert(sharedVerses).values(row).returning();
    return saved!;
  }

  async findShared(code: string): Promise<{ shared: SharedVerseRow; picture: PictureRow } | undefined> {
    const [row] = await this.db
      .select({ shared: sharedVerses, picture: pictures })
      .from(sharedVerses)
      .innerJoin(pictures, eq(pictures.id, sharedVerses.pictureId))
      .where(and(eq(sharedVerses.shareCode, code), eq(pictures.hidden, false)));
    return row;
  }

  /** A share whatever its picture's state (for an admin). */
  async findSharedAny(code: string): Promise<SharedVerseRow | undefined> {
    const [row] = await this.db.select().from(sharedVerses).where(eq(sharedVerses.shareCode, code));
    return row;
  }

  /** A user's shared verses, newest first, after `before` (the last one of the previous page). */
  listShared(userId: string, before: { createdAt: Date; code: string } | undefined, limit: number) {
    return this.db
      .select({ shared: sharedVerses, picture: pictures })
      .from(sharedVerses)
      .innerJoin(pictures, eq(pictures.id, sharedVerses.pictureId))
      .where(
        and(
          eq(sharedVerses.userId, userId),
          before
            ? or(lt(sharedVerses.createdAt, before.createdAt), and(eq(sharedVerses.createdAt, before.createdAt), lt(sharedVerses.shareCode, before.code)))
            : undefined,
        ),
      )
      .orderBy(desc(sharedVerses.createdAt), desc(sharedVerses.shareCode))
      .limit(limit);
  }

  /** Every share code of an account (an account is bounded in what it may share, so this list is too). */
  async shareCodesOf(userId: string): Promise<string[]> {
    const rows = await this.db.select({ code: sharedVerses.shareCode }).from(sharedVerses).where(eq(sharedVerses.userId, userId));
    return rows.map((r) => r.code);
  }

  /** Gives the account the guest shares made with these keys (by their hashes) that no account has yet; returns how many. */
  async claimShared(userId: string, ownerKeyHashes: readonly string[]): Promise<number> {
    if (ownerKeyHashes.length === 0) return 0;
    const moved = await this.db
      .update(sharedVerses)
      .set({ userId, ownerKeyHash: null })
      .where(and(inArray(sharedVerses.ownerKeyHash, [...ownerKeyHashes]), isNull(sharedVerses.userId)))
      .returning({ code: sharedVerses.shareCode });
    return moved.length;
  }

  /**
   * Deletes the share and its graphic when no other share shows it; returns the graphic's file keys
   * when it went (their files are the caller's to remove), else none.
   */
  async deleteShared(code: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const [gone] = await tx.delete(sharedVerses).where(eq(sharedVerses.shareCode, code)).returning();
      if (!gone) return [];
      const [{ n }] = (await tx.select({ n: count() }).from(sharedVerses).where(eq(sharedVerses.pictureId, gone.pictureId))) as [{ n: number }];
      if (Number(n) > 0) return [];
      const card = await tx
        .delete(pictures)
        .where(and(eq(pictures.id, gone.pictureId), eq(pictures.kind, 'card')))
        .returning({ imageKey: pictures.imageKey, thumbnailKey: pictures.thumbnailKey });
      return card.flatMap((c) => [c.imageKey, c.thumbnailKey]);
    });
  }
}
