import type { Settings } from '#common/contracts/study.ts';
import type { SettingChange } from '../../../lib/setting-changes.ts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** Spec §7 GET /api/settings: the account's translation, font size and display name. */
export const readSettings = () => apiGet<Settings>('/api/settings');

/** Spec §7 POST /api/settings; the spec's client sends an empty userId, the server uses the session's. */
export const saveSettings = (change: SettingChange & { displayName?: string }) => apiPost<Settings>('/api/settings', { ...change, userId: '' });

/**
 * Spec §6: a guest's browser data into the account, sent as the browser kept it (the server checks
 * every item, and skips what it already holds).
 */
export const moveGuestData = (data: { highlights: unknown[]; notes: unknown[]; aiResponses: unknown[] }) =>
  apiPost<{ highlights: number; notes: number }>('/api/guest-data/import', data);
