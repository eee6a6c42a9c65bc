import { apiPost } from '../../../lib/api-client.ts';

/**
 * Spec §6: a guest's browser data into the account, sent as the browser kept it (the server checks
 * every item, and skips what it already holds).
 */
export const moveGuestData = (data: { highlights: unknown[]; notes: unknown[]; aiResponses: unknown[] }) =>
  apiPost<{ highlights: number; notes: number }>('/api/guest-data/import', data);
