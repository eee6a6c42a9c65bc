import { describe, expect, it } from 'vitest';
import { findWords, queryWords } from './word-match.ts';

describe('offline search words', () => {
  it('takes each word once, lower-cased, keeping apostrophes inside words', () => {
    expect(queryWords("God's  LOVE, love!")).toEqual(["god's", 'love']);
    expect(queryWords('  ')).toEqual([]);
    expect(queryWords('a.*b')).toEqual(['a', 'b']);
  });

  it('finds whole words only, in order of place', () => {
    const text = 'beloved, let us love one another: for love is of god.';
    expect(findWords(text, ['love'])).toEqual([
      { start: 16, end: 20 },
      { start: 38, end: 42 },
    ]);
    expect(findWords(text, ['god', 'us'])).toEqual([
      { start: 13, end: 15 },
      { start: 49, end: 52 },
    ]);
    expect(findWords(text, ['(love'])).toEqual([]);
  });
});
