import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.ts';

describe('reading a search query', () => {
  it('reads words, prefixes and phrases, normalised', () => {
    expect(parseQuery('Love')).toEqual([{ kind: 'word', term: 'love' }]);
    expect(parseQuery('bless* Señor')).toEqual([
      { kind: 'prefix', term: 'bless' },
      { kind: 'word', term: 'senor' },
    ]);
    expect(parseQuery('"In the Beginning" God')).toEqual([
      { kind: 'phrase', terms: ['in', 'the', 'beginning'] },
      { kind: 'word', term: 'god' },
    ]);
  });

  it('takes curly quotes, a one-word phrase as a word, an unclosed quote to the end', () => {
    expect(parseQuery('“living water”')).toEqual([{ kind: 'phrase', terms: ['living', 'water'] }]);
    expect(parseQuery('"grace"')).toEqual([{ kind: 'word', term: 'grace' }]);
    expect(parseQuery('faith "hope and')).toEqual([
      { kind: 'word', term: 'faith' },
      { kind: 'phrase', terms: ['hope', 'and'] },
    ]);
    expect(parseQuery('""')).toEqual([]);
  });

  it('splits on anything that is not a letter or digit, and drops repeats', () => {
    expect(parseQuery("doesn't, LOVE love love*")).toEqual([
      { kind: 'word', term: 'doesn' },
      { kind: 'word', term: 't' },
      { kind: 'word', term: 'love' },
      { kind: 'prefix', term: 'love' },
    ]);
    expect(parseQuery('"a b" "a b" 3')).toEqual([
      { kind: 'phrase', terms: ['a', 'b'] },
      { kind: 'word', term: '3' },
    ]);
    expect(parseQuery('  ,;  ')).toEqual([]);
  });

  it("leaves out the translation's language's stop words, unless they are all there is or inside a phrase", () => {
    expect(parseQuery('God cares when I am afraid', 'en')).toEqual([
      { kind: 'word', term: 'god' },
      { kind: 'word', term: 'cares' },
      { kind: 'word', term: 'afraid' },
    ]);
    // KJV's own function words count as stop words too.
    expect(parseQuery('Fear thou not, for I am with thee', 'en')).toEqual([{ kind: 'word', term: 'fear' }]);
    expect(parseQuery('"I am" the way', 'en')).toEqual([
      { kind: 'phrase', terms: ['i', 'am'] },
      { kind: 'word', term: 'way' },
    ]);
    expect(parseQuery('I am', 'en')).toEqual([
      { kind: 'word', term: 'i' },
      { kind: 'word', term: 'am' },
    ]);
    expect(parseQuery('the*', 'en')).toEqual([{ kind: 'prefix', term: 'the' }]);
    // Nouns of Scripture that a general English list counts as stop words stay.
    expect(parseQuery('the narrow way', 'en')).toEqual([
      { kind: 'word', term: 'narrow' },
      { kind: 'word', term: 'way' },
    ]);
    expect(parseQuery('a well of water', 'en')).toEqual([
      { kind: 'word', term: 'well' },
      { kind: 'word', term: 'water' },
    ]);
    // Each language its own list; a language without one keeps every word.
    expect(parseQuery('el pastor y las ovejas', 'es')).toEqual([
      { kind: 'word', term: 'pastor' },
      { kind: 'word', term: 'ovejas' },
    ]);
    expect(parseQuery('the shepherd', 'xx')).toHaveLength(2);
    expect(parseQuery('the shepherd')).toHaveLength(2);
  });
});
