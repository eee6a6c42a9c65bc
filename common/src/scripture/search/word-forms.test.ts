import { describe, expect, it } from 'vitest';
import { stemmerFor, stopWords } from './word-forms.ts';

describe("a word's forms and a language's stop words", () => {
  const kjv = new Set(['care', 'fear', 'know', 'knoweth', 'love', 'sit', 'go', 'great', 'bless', 'walk', 'fore', 'for', 'earneth', 'do']);
  const stem = stemmerFor('en', (term) => kjv.has(term));

  it("brings KJV's -eth and -est verbs to the word they come from, when the text has it", () => {
    // Snowball alone leaves these as they are.
    expect(stemmerFor('en')('careth')).toBe('careth');
    const pairs: [archaic: string, modern: string][] = [
      ['careth', 'cares'],
      ['feareth', 'feared'],
      ['knowest', 'knowing'],
      ['loveth', 'loved'],
      ['sitteth', 'sitting'],
      ['goeth', 'go'],
      ['blesseth', 'blessed'],
      ['walketh', 'walked'],
    ];
    for (const [archaic, modern] of pairs) expect([archaic, stem(archaic)]).toEqual([archaic, stem(modern)]);
    // Words that only look like one keep their ending: no "pri", "harv" or "japh"; "for" is a stop word;
    // there is no "foreth", "greateth" or "earn" (so "forest" is not "fore", nor "greatest" "great").
    expect(['priest', 'harvest', 'japheth', 'teeth', 'forest', 'greatest', 'earnest', 'doeth'].map(stem)).toEqual([
      'priest',
      'harvest',
      'japheth',
      'teeth',
      'forest',
      'greatest',
      'earnest',
      'doeth',
    ]);
  });

  it('stems by the language, and leaves words alone in a language Snowball lacks', () => {
    expect(stemmerFor('es')('corazones')).toBe(stemmerFor('es')('corazon'));
    expect(stemmerFor('he')('שלום')).toBe('שלום');
    expect(stemmerFor(undefined)('fearing')).toBe('fearing');
  });

  it('lists stop words by language, accents folded as the index folds them', () => {
    expect(['i', 'am', 'when', 'the', 'unto', 'thee'].every((w) => stopWords('en').has(w))).toBe(true);
    expect(['god', 'fear', 'afraid'].some((w) => stopWords('en').has(w))).toBe(false);
    expect(stopWords('es').has('el')).toBe(true);
    expect(stopWords('es').has('mas')).toBe(true); // "más"
    expect(stopWords('xx').size).toBe(0);
  });
});
