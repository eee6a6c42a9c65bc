import type { FontSize } from '#common/study/rules.ts';

/**
 * Local setting changes (text size, translation), announced so the account sync can send them to the
 * server when someone is signed in. Lives in lib so features can announce without knowing who listens.
 */
export interface SettingChange {
  fontSize?: FontSize;
  translation?: string;
}

const listeners = new Set<(change: SettingChange) => void>();

export function onSettingChange(listener: (change: SettingChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceSettingChange(change: SettingChange): void {
  listeners.forEach((l) => l(change));
}
