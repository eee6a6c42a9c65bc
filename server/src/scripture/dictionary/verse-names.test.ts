import { describe, expect, it } from 'vitest';
import { kjvVerse } from '../../../test/kjv-text.ts';
import { readPackageJson } from '../importers/npm/package-files.ts';
import { namesIn, VERSE_NAMES_MAX, WordCases, wordsOf } from './verse-names.ts';

// How the KJV writes each word, read from the whole of it, as the server reads a translation.
const kjv = new WordCases(Object.keys(readPackageJson<Record<string, string>>('kjv', 'json/verses-1769.json')).map(kjvVerse));
const names = (reference: string) => wordsOf(kjvVerse(reference)).flatMap((w) => (kjv.isName(w.word) ? [w.word] : []));

describe('which words of a verse are names', () => {
  it("finds the people and places of John 1:45 and Matthew 2:1, the verse's first word among them, and no sentence's or quotation's start", () => {
    // "Philip" begins the verse and the sentence, and "We" the quotation; the KJV never writes "philip", often "we".
    expect(names('John 1:45')).toEqual(['Philip', 'Nathanael', 'Moses', 'Jesus', 'Nazareth', 'Joseph']);
    expect(names('Matthew 2:1')).toEqual(['Jesus', 'Bethlehem', 'Judaea', 'Herod', 'Jerusalem']);
    expect(names('John 11:1')).toEqual(['Lazarus', 'Bethany', 'Mary', 'Martha']);
  });

  it('leaves out divine names and pronouns, words in capitals and of one letter', () => {
    expect(names('John 3:16')).toEqual([]); // "God", "Son"
    for (const word of ['God', 'LORD', 'Lord', 'GOD', 'I', 'O', 'Spirit', 'Ghost', 'Holy', 'He', 'Thou']) expect(kjv.isName(word), word).toBe(false);
  });

  it('counts a name that is also a common word by how often the text capitalises it inside a sentence: Lot and Mark are names, Passover is not', () => {
    expect(names('Genesis 13:1')).toEqual(['Abram', 'Egypt', 'Lot']);
    expect(names('Acts 12:25')).toEqual(['Barnabas', 'Saul', 'Jerusalem', 'John', 'Mark']);
    // Written "passover" 75 times and once "the Passover": a word, not a name.
    expect(kjv.isName('Passover')).toBe(false);
    // "Then", "What", "They", "Master" (a title): a sentence's, a quotation's or a reverent capital.
    expect(names('John 1:38')).toEqual(['Jesus', 'Rabbi']);
  });

  it('reads a possessive as its name and keeps a hyphenated name whole', () => {
    const cases = new WordCases(['and Moses said', 'to Beth-el']);
    expect(wordsOf("Moses' rod and Israel's sons, Beth-el.").map((w) => w.word)).toEqual(['Moses', 'rod', 'and', 'Israel', 'sons', 'Beth-el']);
    expect(cases.isName('Beth-el')).toBe(true);
  });
});

describe('the names a dictionary has', () => {
  const keys = new Map(['MOSES', 'RED SEA', 'JERUSALEM', 'LAW', 'GOD', 'PHILIP'].map((k) => [k, k]));
  const keyOf = (key: string) => keys.get(key.toUpperCase());

  it('gives each name the dictionary has once, in verse order, with its key; common words and divine names are not asked', () => {
    const text = 'Philip said, Moses gave the law of God at the Red sea; and Moses went to Jerusalem.';
    expect(namesIn(text, kjv, keyOf)).toEqual([
      { word: 'Philip', key: 'PHILIP' },
      { word: 'Moses', key: 'MOSES' },
      // Two words whose run the dictionary has, though "red" alone is a common word.
      { word: 'Red sea', key: 'RED SEA' },
      { word: 'Jerusalem', key: 'JERUSALEM' },
    ]);
  });

  it('gives no more than VERSE_NAMES_MAX names for a verse', () => {
    const many = Array.from({ length: 50 }, (_, i) => `Name${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    const found = namesIn(`and ${many.join(' and ')}`, new WordCases([]), (key) => (key.includes(' ') ? undefined : key.toUpperCase()));
    expect(found).toHaveLength(VERSE_NAMES_MAX);
    expect(found[0]).toEqual({ word: many[0], key: many[0]!.toUpperCase() });
  });
});
