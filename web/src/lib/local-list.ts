import { storage } from './storage.ts';

/**
 * A list of records kept in browser storage under one key (a guest's highlights, notes and AI
 * answers). Unreadable or foreign values read as an empty list rather than breaking the page.
 */
export function localList<T extends { id: string }>(key: string) {
  const list = {
    read(): T[] {
      try {
        const value: unknown = JSON.parse(storage.get(key) ?? '[]');
        return Array.isArray(value) ? (value as T[]) : [];
      } catch {
        return [];
      }
    },
    write(items: T[]): void {
      if (items.length === 0) storage.remove(key);
      else storage.set(key, JSON.stringify(items));
    },
    /** Newest first, as the server lists them. */
    prepend(item: T): void {
      list.write([item, ...list.read().filter((x) => x.id !== item.id)]);
    },
    update(id: string, change: Partial<T>): T | undefined {
      let updated: T | undefined;
      list.write(list.read().map((x) => (x.id === id ? (updated = { ...x, ...change }) : x)));
      return updated;
    },
    /** True when the item was here (so it was never on the server). */
    remove(id: string): boolean {
      const items = list.read();
      const kept = items.filter((x) => x.id !== id);
      if (kept.length !== items.length) list.write(kept);
      return kept.length !== items.length;
    },
    clear(): void {
      storage.remove(key);
    },
  };
  return list;
}
