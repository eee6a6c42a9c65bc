import type { CheckedReference } from '#common/contracts/ai.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';

export interface GuestAnswer {
  id: string;
  noteId: string;
  prompt: string;
  response: string;
  translation: string;
  reference: string;
  saved: boolean;
  /** The references as the server checked them when it answered, so a reload links them again. */
  references?: CheckedReference[];
}

/** Spec §3 `guestAiResponses`: a guest's answers in the browser, keyed `noteId_reference`. */
export const guestAnswers = {
  read(): Record<string, GuestAnswer> {
    try {
      const value: unknown = JSON.parse(storage.get(STORAGE_KEYS.guestAiResponses) ?? '{}');
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, GuestAnswer>) : {};
    } catch {
      return {};
    }
  },
  put(answer: GuestAnswer): void {
    storage.set(STORAGE_KEYS.guestAiResponses, JSON.stringify({ ...guestAnswers.read(), [`${answer.noteId}_${answer.reference}`]: answer }));
  },
};
