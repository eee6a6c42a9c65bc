import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userSettings, users } from '../../db/schema.ts';

export interface SavedSettings {
  translation: string | null;
  fontSize: string;
  displayName: string | null;
}

/** SQL for a user's settings (and the display name, which lives on the user row). */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async settings(userId: string): Promise<SavedSettings> {
    const [row] = await this.db
      .select({ translation: userSettings.translation, fontSize: userSettings.fontSize, displayName: users.displayName })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId));
    return { translation: row?.translation ?? null, fontSize: row?.fontSize ?? 'large', displayName: row?.displayName ?? null };
  }

  /** Settings and the display name change together or not at all. */
  async save(userId: string, change: { translation?: string; fontSize?: string; displayName?: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (change.displayName !== undefined) {
        await tx.update(users).set({ displayName: change.displayName, updatedAt: new Date() }).where(eq(users.id, userId));
      }
      if (change.translation !== undefined || change.fontSize !== undefined) {
        const set = {
          ...(change.translation !== undefined && { translation: change.translation }),
          ...(change.fontSize !== undefined && { fontSize: change.fontSize }),
          updatedAt: new Date(),
        };
        await tx
          .insert(userSettings)
          .values({ userId, ...set })
          .onConflictDoUpdate({ target: userSettings.userId, set });
      }
    });
  }
}
