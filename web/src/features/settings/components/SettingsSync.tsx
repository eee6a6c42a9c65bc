import { useEffect } from 'react';
import { readSettings, saveSettings } from '../api/settings.ts';
import { onSettingChange } from '../../../lib/setting-changes.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { setFontSize } from '../../reader/api/reader-settings.ts';
import { savePreferredTranslation } from '../../translations/api/preferred-translation.ts';

/**
 * Settings follow a signed-in person across devices: on sign-in the account's settings replace the
 * browser's; later changes here are sent to the account. Guests keep them in the browser only.
 */
export function SettingsSync() {
  const user = useCurrentUser();
  const userId = user.data?.id;
  useEffect(() => {
    if (!userId) return;
    let active = true;
    void readSettings()
      .then((saved) => {
        if (!active) return;
        setFontSize(saved.fontSize, { fromServer: true });
        if (saved.translation) savePreferredTranslation(saved.translation, { fromServer: true });
      })
      .catch(() => {});
    const stop = onSettingChange((change) => void saveSettings(change).catch(() => {}));
    return () => {
      active = false;
      stop();
    };
  }, [userId]);
  return null;
}
