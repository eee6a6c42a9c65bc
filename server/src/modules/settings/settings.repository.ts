import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userSettings, users } from '../../db/schema.ts';

export interface SavedSettings {
  translation: string | null;
  fontSize: string;
  displayName: string | null;
  timeZone: string | null;
  showInRankings: boolean;
}

/** SQL for a user's settings (and the display name, which lives on the user row). */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async settings(userId: string): Promise<SavedSettings> {
    const [row] = await this.db
      .select({
        translation: userSettings.translation,
        fontSize: userSettings.fontSize,
        displayName: users.displayName,
        timeZone: userSettings.timeZone,
        showInRankings: userSettings.showInRankings,
      })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId));
    return {
      translation: row?.translation ?? null,
      fontSize: row?.fontSize ?? 'large',
      displayName: row?.displayName ?? null,
      timeZone: row?.timeZone ?? null,
      showInRankings: row?.showInRankings ?? true,
    };
  }

  /** Settings and the display name change together or not at all. */
  async save(
    userId: string,
    change: { translation?: string; fontSize?: string; displayName?: string; timeZone?: string; showInRankings?: boolean },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (change.displayName !== undefined) {
        await tx.update(users).set({ displayName: change.displayName, updatedAt: new Date() }).where(eq(users.id, userId));
      }
      const { translation, fontSize, timeZone, showInRankings } = change;
      if ([translation, fontSize, timeZone, showInRankings].some((v) => v !== undefined)) {
        const set = {
          ...(translation !== undefined && { translation }),
          ...(fontSize !== undefined && { fontSize }),
          ...(timeZone !== undefined && { timeZone }),
          ...(showInRankings !== undefined && { showInRankings }),
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
