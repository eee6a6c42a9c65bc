import { describe, expect, it } from 'vitest';
import { editDistance, SpellingVocabulary, suggestQuery } from './spelling.ts';

function vocabulary(...texts: string[]): SpellingVocabulary {
  const words = new SpellingVocabulary();
  for (const text of texts) words.add(text);
  return words;
}

const PSALM = vocabulary(
  'The LORD is my shepherd; I shall not want.',
  'I am the good shepherd: the good shepherd giveth his life for the sheep.',
  'And the shepherds returned, glorifying and praising God.',
  'Then Jesus went up to Jerusalem, and the LORD was with him.',
  'He shepheth not.', // a rare word one letter from the typo, beside a frequent one at the same distance
);

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one each', () => {
    expect(editDistance('sheperd', 'shepherd', 2)).toBe(1);
    expect(editDistance('shepherd', 'sheperd', 2)).toBe(1);
    expect(editDistance('shapherd', 'shepherd', 2)).toBe(1);
    expect(editDistance('shpeherd', 'shepherd', 2)).toBe(1);
    expect(editDistance('shepard', 'shepherd', 2)).toBe(2);
    expect(editDistance('love', 'love', 2)).toBe(0);
  });

  it('measures words longer than its reused rows, and counts a swap only between neighbours', () => {
    const long = 'a'.repeat(70);
    expect(editDistance(long, `${long}b`, 2)).toBe(1);
    expect(editDistance(`${long}bc`, `${long}cb`, 2)).toBe(1);
    expect(editDistance('abc', 'cba', 2)).toBe(2);
    expect(editDistance('ab', 'ba', 1)).toBe(1);
    expect(editDistance('', 'ab', 2)).toBe(2);
    expect(editDistance('ab', '', 1)).toBe(2);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
  });

  it('stops at the bound: anything further is bound + 1', () => {
    expect(editDistance('grace', 'shepherd', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('a translation’s own words as suggestions', () => {
  it('offers the closest word the text has, the more frequent of equally close ones', () => {
    expect(PSALM.suggest('sheperd')).toBe('shepherd');
    expect(PSALM.suggest('shepard')).toBe('shepherd');
    // "shepheth" (once) and "shepherd" (three times) are both one edit from "shepherh".
    expect(PSALM.suggest('shepherh')).toBe('shepherd');
  });

  it('prefers a nearer word over a more frequent further one', () => {
    expect(PSALM.suggest('shepherdss')).toBe('shepherds');
  });

  it('suggests nothing for a word it knows, a word too far from all, or a very short one', () => {
    expect(PSALM.has('shepherd')).toBe(true);
    expect(PSALM.suggest('xylophone')).toBeUndefined();
    expect(PSALM.suggest('qz')).toBeUndefined();
    // Short words allow one edit only: "shxxp" is two from "sheep".
    expect(PSALM.suggest('shxxp')).toBeUndefined();
    expect(PSALM.suggest('shep')).toBe('sheep');
  });

  it('allows no edit for two letters, one from three to five, two from six', () => {
    const words = vocabulary('the sheep and the shepherd went to Bethel');
    expect(words.suggest('th')).toBeUndefined();
    expect(words.suggest('thx')).toBe('the');
    expect(words.suggest('shexp')).toBe('sheep');
    expect(words.suggest('shxxp')).toBeUndefined();
    expect(words.suggest('shephd')).toBe('shepherd');
    expect(words.suggest('shephdd')).toBe('shepherd');
    expect(words.suggest('bethxx')).toBe('Bethel');
    expect(words.suggest('sxxxherd')).toBeUndefined();
    // A word one letter longer or shorter than the typed one is reached.
    expect(words.suggest('anda')).toBe('and');
    expect(words.suggest('wen')).toBe('went');
  });

  it('counts each word over every text added, and takes no more once searched', () => {
    const words = vocabulary('grace and peace', 'Grace upon grace');
    expect(words.size).toBe(4);
    expect(words.has('grace')).toBe(true);
    expect(() => words.add('more')).toThrow('A vocabulary takes no words once it has been searched.');
    // "peece" is one edit from "peace" (once) and from "piece"… which the text lacks: peace it is.
    expect(words.suggest('peece')).toBe('peace');
  });

  it('never takes a further word for a nearer one, however frequent', () => {
    expect(vocabulary('cat caat caat caat').suggest('cax')).toBe('cat');
  });

  it('shows the form the text writes most, among lower-case forms and among names', () => {
    expect(vocabulary('corazon corazón corazón').suggest('corazxn')).toBe('corazón');
    expect(vocabulary('corazón corazon corazon').suggest('corazxn')).toBe('corazon');
    expect(vocabulary('Jehová Jehova Jehova').suggest('jehovx')).toBe('Jehova');
    expect(vocabulary('Jehova Jehová Jehová').suggest('jehovx')).toBe('Jehová');
    // A name written with capitals inside is kept as written; only a word all in capitals is eased.
    expect(vocabulary('BethEl').suggest('bethex')).toBe('BethEl');
  });

  it('of two words equally near, keeps the first found unless the other is more frequent', () => {
    expect(vocabulary('bat cat cat').suggest('xat')).toBe('cat');
    expect(vocabulary('cat cat bat').suggest('xat')).toBe('cat');
    expect(vocabulary('bat cat').suggest('xat')).toBe('bat');
  });

  it('shows a word as the text writes it: lower case where it is a common word, capitalised for a name', () => {
    const words = vocabulary('O LORD, the Lord, the LORD. Holy, holy, HOLY. O Israel. ÉDEN Éden');
    expect(words.suggest('lorx')).toBe('Lord');
    expect(words.suggest('holx')).toBe('holy');
    expect(words.suggest('israex')).toBe('Israel');
    expect(words.suggest('edxn')).toBe('Éden');
    expect(vocabulary('O God').suggest('x')).toBeUndefined();
    expect(PSALM.suggest('shepherdz')).toBe('shepherd');
    expect(PSALM.suggest('lrod')).toBe('Lord');
    expect(PSALM.suggest('jerusalm')).toBe('Jerusalem');
  });

  it('finds words of other languages, with their accents, typed with or without them', () => {
    const spanish = vocabulary(
      'Jehová es mi pastor; nada me faltará.',
      'Bienaventurados los de limpio corazón: porque ellos verán á Dios.',
      'Con todo mi corazón te he buscado.',
    );
    expect(spanish.suggest('corason')).toBe('corazón');
    expect(spanish.suggest('corasón')).toBe('corazón');
    expect(spanish.suggest('pastro')).toBe('pastor');
    expect(spanish.suggest('jehobá')).toBe('Jehová');
    expect(spanish.has('corazon')).toBe(true);
  });
});

describe('a whole query, corrected', () => {
  const known = (term: string) => PSALM.has(term);
  const suggest = (term: string) => PSALM.suggest(term);

  it('replaces each unknown word and keeps the rest of what was typed', () => {
    expect(suggestQuery('sheperd', known, suggest)).toBe('shepherd');
    expect(suggestQuery('the good sheperd', known, suggest)).toBe('the good shepherd');
    expect(suggestQuery('"good sheperd"', known, suggest)).toBe('"good shepherd"');
    expect(suggestQuery('Sheperd sheep', known, suggest)).toBe('Shepherd sheep');
    expect(suggestQuery('jerusalm lrod', known, suggest)).toBe('Jerusalem Lord');
  });

  it('is undefined when every word is known, or no unknown word has a suggestion', () => {
    expect(suggestQuery('good shepherd', known, suggest)).toBeUndefined();
    expect(suggestQuery('xylophone', known, suggest)).toBeUndefined();
    // Prefixes and numbers are left alone.
    expect(suggestQuery('shephe* 23', known, suggest)).toBeUndefined();
    expect(suggestQuery('sheperd2', known, suggest)).toBeUndefined();
    expect(suggestQuery('sheperd*', known, suggest)).toBeUndefined();
  });

  it('keeps a capital typed, and a name’s own capital', () => {
    expect(suggestQuery('SHEPERD', known, suggest)).toBe('Shepherd');
    expect(suggestQuery('Jerusalm', known, suggest)).toBe('Jerusalem');
    expect(suggestQuery('sheperd, Sheperd!', known, suggest)).toBe('shepherd, Shepherd!');
  });
});
