/** The words of a search, lower-cased, each once ("God's love" → god's, love). */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [])];
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where the words stand in a lower-cased text, as whole words ("love" is not found in "beloved"), in
 * order of place: the offsets the search results mark.
 */
export function findWords(folded: string, words: readonly string[]): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const word of words) {
    for (const m of folded.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'gu'))) {
      found.push({ start: m.index, end: m.index + word.length });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
