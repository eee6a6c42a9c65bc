/** A word in a text: its normalised form and where it stands (UTF-16 offsets, end exclusive). */
export interface Token {
  term: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;

/**
 * Normalises a word for matching: lower case, accents removed ("Señor" → "senor"), so a search typed
 * without accents still finds accented text. Apostrophes split words ("doesn't" → "doesn", "t") the
 * same way in queries and texts.
 */
export function normalizeTerm(word: string): string {
  return word.normalize('NFD').replace(MARKS, '').toLowerCase();
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    tokens.push({ term: normalizeTerm(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return tokens;
}
