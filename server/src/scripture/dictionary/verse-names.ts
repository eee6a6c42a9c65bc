/**
 * Which words of a verse are names of people and places, to link them to a Bible dictionary (issue 30 §3).
 *
 * Capitals alone do not tell: the KJV capitalises every sentence and every quotation ("saith unto him,
 * Follow me"), and names begin verses ("Philip findeth Nathanael"). The translation itself does: a name
 * is a word it never writes in lower case, or writes with a capital after another word (no punctuation
 * between, so not a quotation's start) often enough for its lower case to be another word. "Philip",
 * "Moses", "Lot" are names; "Follow", "Now", "Behold", "Passover" are not. Divine names and titles are left out by name ("God", "Lord", "Spirit"), and so
 * is a word in capitals ("LORD") or of one letter ("I", "O").
 */

/** One word of a verse: where it is and how it is written, possessive ending dropped ("Israel's" → "Israel"). */
export interface VerseWord {
  word: string;
  start: number;
  /** Whether only spaces separate it from the word before it in the verse. */
  afterWord: boolean;
}

const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’-]*/gu;

export function wordsOf(text: string): VerseWord[] {
  const words: VerseWord[] = [];
  let end = -1;
  for (const match of text.matchAll(WORD)) {
    const word = match[0].replace(/['’]s?$|-+$/u, '');
    if (!word) continue;
    words.push({ word, start: match.index, afterWord: end >= 0 && /^\s+$/.test(text.slice(end, match.index)) });
    end = match.index + match[0].length;
  }
  return words;
}

/** Titles and pronouns of God, capitalised by reverence rather than as names. */
const DIVINE = new Set(
  [
    'God',
    'Gods',
    'Lord',
    'Lords',
    'Jehovah',
    'Yahweh',
    'Spirit',
    'Ghost',
    'Holy',
    'Word',
    'Father',
    'Son',
    'Almighty',
    'Most',
    'High',
    'Highest',
    'Maker',
    'Master',
    'Lamb',
    'Saviour',
    'Savior',
    'Redeemer',
    'Comforter',
    'Creator',
    'Amen',
    'He',
    'Him',
    'His',
    'Himself',
    'Thou',
    'Thee',
    'Thy',
    'Thine',
    'You',
    'Your',
    'Me',
    'My',
    'Mine',
    'Who',
    'Whom',
  ].map((w) => w.toLowerCase()),
);

const isCapitalised = (word: string) => /^\p{Lu}/u.test(word) && word.length > 1 && word !== word.toUpperCase();

/** How a translation writes each word: in lower case, or capitalised after another word. */
export class WordCases {
  private readonly counts = new Map<string, { lower: number; capitalAfterWord: number }>();

  constructor(verseTexts: Iterable<string>) {
    for (const text of verseTexts) {
      for (const { word, afterWord } of wordsOf(text)) {
        const lowerCase = word.toLowerCase();
        const lower = word === lowerCase;
        if (!lower && !(afterWord && isCapitalised(word))) continue;
        let count = this.counts.get(lowerCase);
        if (!count) this.counts.set(lowerCase, (count = { lower: 0, capitalAfterWord: 0 }));
        if (lower) count.lower++;
        else count.capitalAfterWord++;
      }
    }
  }

  /** Whether the word, as written in a verse, is a name in this translation. */
  isName(word: string): boolean {
    if (!isCapitalised(word)) return false;
    const lowerCase = word.toLowerCase();
    if (DIVINE.has(lowerCase)) return false;
    const count = this.counts.get(lowerCase);
    // Never in lower case ("Philip", though a verse's first word), or often enough with a capital inside a
    // sentence for the lower case to be another word ("Lot" 37 times, "lot" 76; "Passover" once, "passover" 75).
    return !count || count.lower === 0 || (count.capitalAfterWord >= 2 && count.capitalAfterWord * 8 >= count.lower);
  }
}

/** A name of the verse and the dictionary key it was found under. */
export interface VerseName {
  /** As the verse writes it: "Moses", "Red sea". */
  word: string;
  /** The dictionary's spelling of the key: "MOSES", "RED SEA". */
  key: string;
}

/** Most names given for one verse (a genealogy's verse is a list of them). */
export const VERSE_NAMES_MAX = 30;

/**
 * The verse's names that a dictionary has, in the verse's order, each key once. A run of two or three
 * words starting with a capital ("Red sea") is tried first, since a dictionary that has it means that
 * place, not its first word; it counts whatever the first word's case elsewhere, the dictionary deciding.
 */
export function namesIn(text: string, cases: WordCases, keyOf: (key: string) => string | undefined): VerseName[] {
  const words = wordsOf(text);
  const names: VerseName[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < words.length && names.length < VERSE_NAMES_MAX;) {
    const first = words[i]!;
    let found: { name: VerseName; length: number } | undefined;
    if (isCapitalised(first.word) && !DIVINE.has(first.word.toLowerCase())) {
      for (let length = 3; length >= 2 && !found; length--) {
        const run = words.slice(i, i + length);
        if (run.length < length || run.slice(1).some((w) => !w.afterWord)) continue;
        const phrase = text.slice(first.start, run.at(-1)!.start + run.at(-1)!.word.length);
        const key = keyOf(phrase);
        if (key) found = { name: { word: phrase, key }, length };
      }
      if (!found && cases.isName(first.word)) {
        const key = keyOf(first.word);
        if (key) found = { name: { word: first.word, key }, length: 1 };
      }
    }
    if (found && !seen.has(found.name.key)) {
      seen.add(found.name.key);
      names.push(found.name);
    }
    i += found?.length ?? 1;
  }
  return names;
}
