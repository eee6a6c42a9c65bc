import { useSyncExternalStore } from 'react';
import { FONT_SIZES, type FontSize } from '#common/study/rules.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { announceSettingChange } from '../../../lib/setting-changes.ts';
import { LINE_SPACINGS, type LineSpacing } from '../components/reading-type.ts';

/**
 * Spec §3 Settings fontSize (small, base, large; default large), and two of our own kept in this
 * browser only: red letters and line spacing (compact, normal, relaxed; default normal).
 */

const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function readFontSize(): FontSize {
  const saved = storage.get(STORAGE_KEYS.fontSize);
  return FONT_SIZES.find((size) => size === saved) ?? 'large';
}

export function readRedLetters(): boolean {
  return storage.get(STORAGE_KEYS.wordsOfJesusInRed) !== 'false';
}

export function readLineSpacing(): LineSpacing {
  const saved = storage.get(STORAGE_KEYS.lineSpacing);
  return LINE_SPACINGS.find((spacing) => spacing === saved) ?? 'normal';
}

export function setFontSize(size: FontSize, options: { fromServer?: boolean } = {}): void {
  storage.set(STORAGE_KEYS.fontSize, size);
  listeners.forEach((l) => l());
  if (!options.fromServer) announceSettingChange({ fontSize: size });
}

export function setRedLetters(on: boolean): void {
  storage.set(STORAGE_KEYS.wordsOfJesusInRed, String(on));
  listeners.forEach((l) => l());
}

export function setLineSpacing(spacing: LineSpacing): void {
  storage.set(STORAGE_KEYS.lineSpacing, spacing);
  listeners.forEach((l) => l());
}

export function useReaderSettings(): { fontSize: FontSize; redLetters: boolean; lineSpacing: LineSpacing } {
  const fontSize = useSyncExternalStore(subscribe, readFontSize, () => 'large' as const);
  const redLetters = useSyncExternalStore(subscribe, readRedLetters, () => true);
  const lineSpacing = useSyncExternalStore(subscribe, readLineSpacing, () => 'normal' as const);
  return { fontSize, redLetters, lineSpacing };
}
