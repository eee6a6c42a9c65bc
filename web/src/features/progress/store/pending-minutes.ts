import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';

/** The browser's own calendar day, without the day arithmetic's code (this runs as a page closes). */
function localDay(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

function pending(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(storage.get(STORAGE_KEYS.guestPendingMinutes) ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, m]) => Number.isInteger(m) && (m as number) > 0)) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Notes a guest's minutes at once, in a few bytes, when the page closes before the progress store
 * (and its code) has loaded: the reader's first script stays small, and nothing read is lost.
 */
export function notePendingMinutes(minutes: number, now = new Date()): void {
  if (!Number.isInteger(minutes) || minutes <= 0) return;
  const kept = pending();
  const day = localDay(now);
  kept[day] = (kept[day] ?? 0) + minutes;
  storage.set(STORAGE_KEYS.guestPendingMinutes, JSON.stringify(kept));
}

/** The minutes noted so far, by day, taken out (the progress store adds them to its days). */
export function takePendingMinutes(): Record<string, number> {
  const kept = pending();
  storage.remove(STORAGE_KEYS.guestPendingMinutes);
  return kept;
}
