import type { z } from 'zod';
import type { settings, settingsInput } from '#common/contracts/study.ts';
import { FONT_SIZES, GUEST_USER_ID } from '#common/study/rules.ts';
import { Invalid } from '../../lib/errors.ts';
import { requireUser, type Viewer } from '../../access/viewer.ts';
import type { SavedSettings, SettingsRepository } from './settings.repository.ts';

type Settings = z.infer<typeof settings>;
type FontSize = (typeof FONT_SIZES)[number];

/**
 * Spec §7 settings: translation, fontSize (default large), displayName. A signed-in user's follow them
 * across devices; a guest gets the defaults and keeps choices in the browser.
 */
export class SettingsService {
  constructor(
    private readonly repository: SettingsRepository,
    /** Whether a translation code is installed. */
    private readonly hasTranslation: (code: string) => boolean,
  ) {}

  async get(viewer: Viewer): Promise<Settings> {
    if (viewer.kind === 'guest')
      return { translation: null, fontSize: 'large', displayName: null, userId: GUEST_USER_ID, timeZone: null, showInRankings: false };
    return present(await this.repository.settings(viewer.userId), viewer.userId);
  }

  async save(viewer: Viewer, input: z.infer<typeof settingsInput>): Promise<Settings> {
    const { userId } = requireUser(viewer, 'Sign in to keep settings on your account; as a guest they stay in this browser.');
    const { displayName, translation, fontSize, timeZone, showInRankings } = input;
    if (translation !== undefined && !this.hasTranslation(translation)) throw new Invalid(`Translation '${translation}' not found.`);
    await this.repository.save(userId, { displayName, translation: translation?.toUpperCase(), fontSize, timeZone, showInRankings });
    return present(await this.repository.settings(userId), userId);
  }
}

function present(saved: SavedSettings, userId: string): Settings {
  const fontSize = (FONT_SIZES as readonly string[]).includes(saved.fontSize) ? (saved.fontSize as FontSize) : 'large';
  return { ...saved, fontSize, userId };
}
