import { useEffect } from 'react';
import { readSettings, saveSettings } from '../api/settings.ts';
import { onSettingChange } from '../../../lib/setting-changes.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { useViewer } from '../../auth/api/viewer.ts';
import { setActivityViewer } from '../../activity/api/activity.ts';
import { browserTimeZone, saveTimeZone } from '../../progress/api/progress-reports.ts';
import { setFontSize } from '../../reader/store/reader-settings.ts';
import { savePreferredTranslation } from '../../translations/store/preferred-translation.ts';

/**
 * Settings follow a signed-in person across devices: on sign-in the account's settings replace the
 * browser's, except one changed here before they arrived; changes here are sent to the account.
 * Guests keep them in the browser only.
 */
export function SettingsSync() {
  const user = useCurrentUser();
  const userId = user.data?.id;
  const viewer = useViewer();
  // Study actions are reported by plain functions: they learn here whether to send them or keep a guest's.
  useEffect(() => setActivityViewer(viewer), [viewer]);
  useEffect(() => {
    if (!userId) return;
    let active = true;
    // A choice made here while the account's settings were on their way is newer than they are: it
    // is kept (and sent), not replaced by the older value when the reply comes.
    const changedMeanwhile = new Set<string>();
    void readSettings()
      .then((saved) => {
        if (!active) return;
        if (!changedMeanwhile.has('fontSize')) setFontSize(saved.fontSize, { fromServer: true });
        if (saved.translation && !changedMeanwhile.has('translation')) savePreferredTranslation(saved.translation, { fromServer: true });
        // The account's study days follow the clock of the browser it is used in (a move, a trip).
        const timeZone = browserTimeZone();
        if (timeZone && saved.timeZone !== timeZone) void saveTimeZone(timeZone).catch(() => {});
      })
      .catch(() => {});
    const stop = onSettingChange((change) => {
      for (const key of Object.keys(change)) changedMeanwhile.add(key);
      void saveSettings(change).catch(() => {});
    });
    return () => {
      active = false;
      stop();
    };
  }, [userId]);
  return null;
}
