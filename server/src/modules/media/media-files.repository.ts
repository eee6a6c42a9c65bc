import { and, asc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaFiles, pictures, sharedVerses } from '../../db/schema.ts';

/**
 * What the media ceiling may remove, decided in SQL at the moment of removal: spoken audio (made again
 * when asked for), and picture files no picture row names (left by a failed save). Nothing else: lesson,
 * author and news pictures, and every file a picture row names, stay (a share card with no share is
 * removed with its row: see claimCard).
 */
const looseFile = (key: SQL | typeof mediaFiles.key): SQL =>
  sql`(${key} like 'audio/%' or (${key} like 'pictures/%' and not exists (select 1 from ${pictures} p where p.image_key = ${key} or p.thumbnail_key = ${key})))`;

/** A share card no share shows (a graphic made and never shared, or whose shares were deleted). */
const unsharedCard = sql`${pictures.kind} = 'card' and not exists (select 1 from ${sharedVerses} s where s.picture_id = ${pictures.id})`;

/** The media_file table: every generated file in the media store, its size, and when it was last asked for. */
export class MediaFilesRepository {
  constructor(private readonly db: Db) {}

  /** A file put (again): its size now, and used now. */
  async record(key: string, bytes: number, at: Date): Promise<void> {
    await this.db
      .insert(mediaFiles)
      .values({ key, bytes, createdAt: at, lastUsedAt: at })
      .onConflictDoUpdate({ target: mediaFiles.key, set: { bytes, lastUsedAt: at } });
  }

  /**
   * A file asked for: used at `at`, written only when the stored time is before `staleBefore` (reads
   * stay cheap). A file the table does not know yet (made before it was kept) is recorded.
   */
  async touch(key: string, bytes: number, at: Date, staleBefore: Date): Promise<void> {
    await this.db
      .insert(mediaFiles)
      .values({ key, bytes, createdAt: at, lastUsedAt: at })
      .onConflictDoUpdate({ target: mediaFiles.key, set: { lastUsedAt: at }, setWhere: lt(mediaFiles.lastUsedAt, staleBefore) });
  }

  async forget(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.db.delete(mediaFiles).where(inArray(mediaFiles.key, [...keys]));
  }

  async totalBytes(): Promise<number> {
    const [row] = await this.db.select({ total: sql<string | number | null>`sum(${mediaFiles.bytes})` }).from(mediaFiles);
    return Number(row?.total ?? 0);
  }

  /** Files the ceiling may remove, the longest unused first; only those recorded by `createdBefore`. */
  async removable(createdBefore: Date, limit: number): Promise<{ key: string; bytes: number }[]> {
    return this.db
      .select({ key: mediaFiles.key, bytes: mediaFiles.bytes })
      .from(mediaFiles)
      .where(
        and(
          lte(mediaFiles.createdAt, createdBefore),
          or(
            looseFile(mediaFiles.key),
            sql`exists (select 1 from ${pictures} where (${pictures.imageKey} = ${mediaFiles.key} or ${pictures.thumbnailKey} = ${mediaFiles.key}) and ${unsharedCard})`,
          ),
        ),
      )
      .orderBy(asc(mediaFiles.lastUsedAt), asc(mediaFiles.key))
      .limit(limit);
  }

  /**
   * Takes `key` for removal if it is still removable now: its row (and an unshared card's picture row)
   * deleted in one transaction, so of several processes one alone gets it, and a share made meanwhile
   * keeps its card (the share's reference to the picture row refuses the deletion). Returns the keys
   * whose files the caller then deletes, with their recorded sizes; none when the file is now in use.
   */
  async claim(key: string, createdBefore: Date): Promise<{ key: string; bytes: number }[]> {
    return this.db.transaction(async (tx) => {
      const card = await tx
        .delete(pictures)
        .where(and(or(eq(pictures.imageKey, key), eq(pictures.thumbnailKey, key)), lte(pictures.createdAt, createdBefore), unsharedCard))
        .returning({ imageKey: pictures.imageKey, thumbnailKey: pictures.thumbnailKey });
      const keys = card.length > 0 ? [card[0]!.imageKey, card[0]!.thumbnailKey] : [key];
      const where =
        card.length > 0 ? inArray(mediaFiles.key, keys) : and(eq(mediaFiles.key, key), lte(mediaFiles.createdAt, createdBefore), looseFile(mediaFiles.key));
      const gone = await tx.delete(mediaFiles).where(where).returning({ key: mediaFiles.key, bytes: mediaFiles.bytes });
      // A card's files go even if the table had lost one of their rows.
      return card.length > 0 ? keys.map((k) => ({ key: k, bytes: gone.find((g) => g.key === k)?.bytes ?? 0 })) : gone;
    });
  }
}
