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
      { kind: 'word', term: 'cares', after: 'when' },
      { kind: 'word', term: 'afraid', before: 'am' },
    ]);
    // KJV's own function words count as stop words too.
    expect(parseQuery('Fear thou not, for I am with thee', 'en')).toEqual([{ kind: 'word', term: 'fear', after: 'thou' }]);
    expect(parseQuery('"I am" the way', 'en')).toEqual([
      { kind: 'phrase', terms: ['i', 'am'] },
      { kind: 'word', term: 'way', before: 'the' },
    ]);
    expect(parseQuery('I am', 'en')).toEqual([
      { kind: 'word', term: 'i' },
      { kind: 'word', term: 'am' },
    ]);
    expect(parseQuery('the*', 'en')).toEqual([{ kind: 'prefix', term: 'the' }]);
    // Nouns of Scripture that a general English list counts as stop words stay.
    expect(parseQuery('the narrow way', 'en')).toEqual([
      { kind: 'word', term: 'narrow', before: 'the' },
      { kind: 'word', term: 'way' },
    ]);
    expect(parseQuery('a well of water', 'en')).toEqual([
      { kind: 'word', term: 'well', before: 'a', after: 'of' },
      { kind: 'word', term: 'water', before: 'of' },
    ]);
    // Each language its own list; a language without one keeps every word.
    expect(parseQuery('el pastor y las ovejas', 'es')).toEqual([
      { kind: 'word', term: 'pastor', before: 'el', after: 'y' },
      { kind: 'word', term: 'ovejas', before: 'las' },
    ]);
    expect(parseQuery('the shepherd', 'xx')).toHaveLength(2);
    expect(parseQuery('the shepherd')).toHaveLength(2);
  });

  it('keeps the stop words typed right beside a word, to rank verses that have them there', () => {
    expect(parseQuery('only begotten', 'en')).toEqual([{ kind: 'word', term: 'begotten', before: 'only' }]);
    expect(parseQuery('Why does it say only begotten?', 'en')).toEqual([
      { kind: 'word', term: 'why' },
      { kind: 'word', term: 'does', after: 'it' },
      { kind: 'word', term: 'say', before: 'it', after: 'only' },
      { kind: 'word', term: 'begotten', before: 'only' },
    ]);
    // Not across a quote, a prefix or another content word; a word alone keeps none.
    expect(parseQuery('the "good shepherd" of', 'en')).toEqual([{ kind: 'phrase', terms: ['good', 'shepherd'] }]);
    expect(parseQuery('the bless* of', 'en')).toEqual([{ kind: 'prefix', term: 'bless' }]);
    expect(parseQuery('living water', 'en')).toEqual([
      { kind: 'word', term: 'living' },
      { kind: 'word', term: 'water' },
    ]);
    // Without a language there are no stop words, so none is kept beside another.
    expect(parseQuery('only begotten')).toEqual([
      { kind: 'word', term: 'only' },
      { kind: 'word', term: 'begotten' },
    ]);
  });
});
