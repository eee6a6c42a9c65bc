import { useSyncExternalStore } from 'react';

/** Spec §4/§9 notifications: at most 5, newest first, removed 5000 ms after dismissal. */
export const TOAST_LIMIT = 5;
export const TOAST_REMOVE_DELAY = 5000;
export const TOAST_DURATION = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** How long it stays before closing itself (product toasts use 2–4 s). */
  duration?: number;
  open: boolean;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: Omit<Toast, 'id' | 'open'>): number {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY);
}

export function getToasts(): Toast[] {
  return toasts;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}

/**
 * A failure the person should know of (spec §8): the destructive toast, 4 seconds unless said
 * otherwise, titled 'Error' unless the spec names it.
 */
export function toastError(description: string, title = 'Error', duration = 4000): number {
  return toast({ title, description, variant: 'destructive', duration });
}
