import { useSyncExternalStore } from 'react';
import { DEFAULT_TRANSLATION } from '#common/scripture/categories.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { announceSettingChange } from '../../../lib/setting-changes.ts';

/** Spec §2: the reader's translation is the URL's, else the saved preferred one, else KJV. */
export function preferredTranslation(): string {
  return storage.get(STORAGE_KEYS.preferredTranslation) || DEFAULT_TRANSLATION;
}

const listeners = new Set<() => void>();

/** The preference as React state: a change (here or from the account's settings) re-renders readers. */
export function usePreferredTranslation(): string {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    preferredTranslation,
    () => DEFAULT_TRANSLATION,
  );
}

/** Saves the choice and what it replaced (spec §3 preferredTranslation, previousTranslation). */
export function savePreferredTranslation(code: string, options: { fromServer?: boolean } = {}): void {
  const current = storage.get(STORAGE_KEYS.preferredTranslation);
  if (current === code) return;
  if (current) storage.set(STORAGE_KEYS.previousTranslation, current);
  storage.set(STORAGE_KEYS.preferredTranslation, code);
  listeners.forEach((l) => l());
  if (!options.fromServer) announceSettingChange({ translation: code });
}
