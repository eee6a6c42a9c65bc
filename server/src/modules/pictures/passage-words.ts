const words = (s: string) =>
  s
    .normalize('NFC')
    .toLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

/**
 * Whether two texts say the same words: letters and digits in order, ignoring case, spacing,
 * punctuation and quotation marks, and the verse numbers a selection of several verses carries
 * ("16 For God… 17 For God sent…"). What a person copies from the reader and the store's text of
 * the same passage agree; an edited verse does not.
 */
export function sameWords(claimed: string, stored: string, verseNumbers: readonly number[] = []): boolean {
  const want = words(stored);
  const numbers = new Set(verseNumbers.map(String));
  let j = 0;
  for (const word of words(claimed)) {
    if (word === want[j]) j++;
    else if (!numbers.has(word)) return false;
  }
  return j === want.length;
}
