/**
 * What counts as "the same item" when importing (an export brought back, or one from another account):
 * a note with the same type, reference and content; a highlight on the same verse (one per verse, as
 * everywhere else). Shared by the server and by the browser, which imports a guest's file itself.
 */
export function noteKey(n: { type: string; reference: string; content: string }): string {
  return `${n.type}\u0000${n.reference.trim()}\u0000${n.content.trim()}`;
}

export function highlightKey(h: { verse: string }): string {
  return h.verse.trim().toUpperCase();
}

/** The incoming items whose key is neither already held nor earlier in the list; the first one wins. */
export function newItems<T>(held: Iterable<string>, incoming: readonly T[], key: (x: T) => string): { added: T[]; skipped: number } {
  const seen = new Set(held);
  const added: T[] = [];
  for (const x of incoming) {
    const k = key(x);
    if (seen.has(k)) continue;
    seen.add(k);
    added.push(x);
  }
  return { added, skipped: incoming.length - added.length };
}
