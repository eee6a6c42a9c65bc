import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';

/** The commentaries' order the reader chose, by module name, kept in this browser. */
export const commentaryOrder = {
  read(): string[] {
    try {
      const value: unknown = JSON.parse(storage.get(STORAGE_KEYS.commentaryOrder) ?? '[]');
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  },
  write(order: readonly string[]): void {
    storage.set(STORAGE_KEYS.commentaryOrder, JSON.stringify(order));
  },
};

/**
 * The items in the reader's order: those named in `order` first, as named; the rest after them, as
 * given (a commentary installed since the reader last chose keeps the server's place among the new).
 */
export function inReaderOrder<T extends { module: string }>(items: readonly T[], order: readonly string[]): T[] {
  const rank = (item: T) => {
    const i = order.indexOf(item.module);
    return i < 0 ? order.length : i;
  };
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.i - b.i)
    .map(({ item }) => item);
}

/**
 * The order after moving `module` one place up among `shown`; modules the reader ordered before but not
 * shown now (not installed, or silent on this verse) keep their place after those shown.
 */
export function movedUp(shown: readonly string[], module: string, previous: readonly string[]): string[] {
  const next = [...shown];
  const i = next.indexOf(module);
  if (i > 0) [next[i - 1], next[i]] = [next[i]!, next[i - 1]!];
  return [...next, ...previous.filter((m) => !next.includes(m))];
}
