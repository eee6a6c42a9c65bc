import { useCallback, useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from './storage.ts';

/** Spec §4 Theme: light, dark or system (the default, following the OS); a `dark` class on <html>. */
export type ThemeChoice = 'light' | 'dark' | 'system';

const listeners = new Set<() => void>();
const media = () => window.matchMedia('(prefers-color-scheme: dark)');

export function readThemeChoice(): ThemeChoice {
  const saved = storage.get(STORAGE_KEYS.theme);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

function isDark(choice: ThemeChoice): boolean {
  return choice === 'dark' || (choice === 'system' && media().matches);
}

/** Applies the class; index.html does the same inline before first paint so there is no flash. */
export function applyTheme(choice: ThemeChoice = readThemeChoice()): void {
  document.documentElement.classList.toggle('dark', isDark(choice));
  document.documentElement.style.colorScheme = isDark(choice) ? 'dark' : 'light';
}

export function setThemeChoice(choice: ThemeChoice): void {
  storage.set(STORAGE_KEYS.theme, choice);
  applyTheme(choice);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const m = media();
  const onSystemChange = () => {
    if (readThemeChoice() === 'system') applyTheme('system');
    listener();
  };
  m.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    m.removeEventListener('change', onSystemChange);
  };
}

/** The current theme and the spec's toggle, which flips between light and dark. */
export function useTheme(): { choice: ThemeChoice; dark: boolean; toggle: () => void } {
  const choice = useSyncExternalStore(subscribe, readThemeChoice, () => 'system' as const);
  const dark = useSyncExternalStore(
    subscribe,
    () => isDark(readThemeChoice()),
    () => false,
  );
  const toggle = useCallback(() => setThemeChoice(isDark(readThemeChoice()) ? 'light' : 'dark'), []);
  return { choice, dark, toggle };
}
