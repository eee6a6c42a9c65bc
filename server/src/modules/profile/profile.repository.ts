import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { avatars, users } from '../../db/schema.ts';
import { avatarPath } from '#common/contracts/avatar.ts';

export type UserRow = typeof users.$inferSelect;
export type AvatarRow = typeof avatars.$inferSelect;

/** SQL for the profile: the user's names and picture. Every query is scoped to one user id. */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  async user(userId: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    return row;
  }

  async updateNames(userId: string, change: { displayName?: string; firstName?: string | null }): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return row;
  }

  /**
   * Keeps the picture and points the user's `image` at it, with the upload time as a version so a
   * new picture is a new address and the old one can be cached for good.
   */
  async saveAvatar(userId: string, contentType: string, content: Buffer): Promise<UserRow | undefined> {
    const updatedAt = new Date();
    return this.db.transaction(async (tx) => {
      await tx
        .insert(avatars)
        .values({ userId, contentType, content, reencoded: true, updatedAt })
        .onConflictDoUpdate({ target: avatars.userId, set: { contentType, content, reencoded: true, updatedAt } });
      const [row] = await tx
        .update(users)
        .set({ image: avatarPath(userId, updatedAt.getTime()), updatedAt })
        .where(eq(users.id, userId))
        .returning();
      return row;
    });
  }

  async removeAvatar(userId: string): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.delete(avatars).where(eq(avatars.userId, userId));
      const [row] = await tx.update(users).set({ image: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
      return row;
    });
  }

  /** The same picture, re-encoded: its address (and version) stays as it was. */
  async replaceAvatarContent(userId: string, contentType: string, content: Buffer): Promise<AvatarRow | undefined> {
    const [row] = await this.db.update(avatars).set({ contentType, content, reencoded: true }).where(eq(avatars.userId, userId)).returning();
    return row;
  }

  async avatar(userId: string): Promise<AvatarRow | undefined> {
    const [row] = await this.db.select().from(avatars).where(eq(avatars.userId, userId));
    return row;
  }

  async disabled(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ at: users.disabledAt }).from(users).where(eq(users.id, userId));
    return Boolean(row?.at);
  }

  /** Read from the table, not the session cache, so a revoked admin is refused at once. */
  async role(userId: string): Promise<'user' | 'author' | 'admin' | undefined> {
    const [row] = await this.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    return row ? (row.role === 'admin' || row.role === 'author' ? row.role : 'user') : undefined;
  }
}
