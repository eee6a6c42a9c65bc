import type { Settings } from '#common/contracts/study.ts';
import type { SettingChange } from '../../../lib/setting-changes.ts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** Spec §7 GET /api/settings: the account's translation, font size and display name. */
export const readSettings = () => apiGet<Settings>('/api/settings');

/** Spec §7 POST /api/settings; the spec's client sends an empty userId, the server uses the session's. */
export const saveSettings = (change: SettingChange & { displayName?: string }) => apiPost<Settings>('/api/settings', { ...change, userId: '' });
