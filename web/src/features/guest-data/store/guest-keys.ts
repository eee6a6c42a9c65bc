import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';

/**
 * Where a guest's data lives in this browser, each under the feature that keeps it: study (highlights,
 * notes, AI answers), chat (conversations), progress, plans and pictures (shared verses). Minutes noted
 * as a page closed are not among them: the progress store takes them into its days.
 */
export const GUEST_DATA_KEYS = [
  STORAGE_KEYS.guestHighlights,
  STORAGE_KEYS.guestNotes,
  STORAGE_KEYS.guestAiResponses,
  STORAGE_KEYS.guestConversations,
  STORAGE_KEYS.guestProgress,
  STORAGE_KEYS.guestPlans,
  STORAGE_KEYS.guestSharedVerses,
] as const;

/** Whether this browser holds anything of a guest's to move into an account. */
export const hasGuestData = (): boolean => GUEST_DATA_KEYS.some((key) => storage.get(key));
