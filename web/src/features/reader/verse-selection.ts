/** "16–18, 20": verse numbers as ranges, for labels and references. */
export function verseRanges(verses: readonly number[]): [number, number][] {
  const sorted = [...new Set(verses)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const v of sorted) {
    const last = ranges.at(-1);
    if (last && v === last[1] + 1) last[1] = v;
    else ranges.push([v, v]);
  }
  return ranges;
}

/** "John 3:16", "John 3:16-18", "John 3:16-18, 20" (the en dash is for people, the hyphen for the API). */
export function selectionReference(book: string, chapter: number, verses: readonly number[], dash = '–'): string {
  const parts = verseRanges(verses).map(([a, b]) => (a === b ? `${a}` : `${a}${dash}${b}`));
  return `${book} ${chapter}:${parts.join(', ')}`;
}

/** The reference the compare API takes: one contiguous range from the first to the last selected verse. */
export function compareReference(book: string, chapter: number, verses: readonly number[]): string {
  const sorted = [...verses].sort((a, b) => a - b);
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  return first === last ? `${book} ${chapter}:${first}` : `${book} ${chapter}:${first}-${last}`;
}
