import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { GUEST_DATA_KEYS, hasGuestData } from './guest-keys.ts';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a guest's browser-kept data", () => {
  it('is kept under the seven keys that move into an account', () => {
    expect([...GUEST_DATA_KEYS].sort()).toEqual(
      ['guestAiResponses', 'guestConversations', 'guestHighlights', 'guestNotes', 'guestPlans', 'guestProgress', 'guestSharedVerses'].sort(),
    );
  });

  it('is found under any of those keys, and not under settings or minutes still waiting for the progress store', () => {
    expect(hasGuestData()).toBe(false);
    store.set(STORAGE_KEYS.theme, 'dark');
    store.set(STORAGE_KEYS.guestPendingMinutes, '{"2026-11-27":3}');
    expect(hasGuestData()).toBe(false);
    for (const key of GUEST_DATA_KEYS) {
      store.set(key, '[]');
      expect(hasGuestData(), key).toBe(true);
      store.delete(key);
    }
  });
});
