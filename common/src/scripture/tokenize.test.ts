import { describe, expect, it } from 'vitest';
import { normalizeTerm, tokenize } from './tokenize.ts';

describe('words of a text', () => {
  it('normalises case and accents, so a search typed without them still finds the text', () => {
    expect(normalizeTerm('Señor')).toBe('senor');
    expect(normalizeTerm('ÉLOHIM')).toBe('elohim');
    expect(normalizeTerm('Ἰησοῦς')).toBe('ιησους');
  });

  it('finds each word with its place in the text', () => {
    expect(tokenize('In the beginning, God.')).toEqual([
      { term: 'in', start: 0, end: 2 },
      { term: 'the', start: 3, end: 6 },
      { term: 'beginning', start: 7, end: 16 },
      { term: 'god', start: 18, end: 21 },
    ]);
    expect(tokenize("doesn't 12").map((t) => t.term)).toEqual(['doesn', 't', '12']);
    expect(tokenize(' — ')).toEqual([]);
  });
});
