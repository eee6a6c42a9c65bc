import { normalizeTerm } from './tokenize.ts';

/**
 * "Did you mean …?" from a translation's own words (issue 28): a word a search does not know is
 * matched against the text's vocabulary by edit distance, so a suggestion always finds something.
 * Shared by the server's search and the device's offline search.
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** Edits allowed for a typed word: none for one or two letters, one up to five, then two. */
function allowedEdits(length: number): number {
  return length <= 2 ? 0 : length <= 5 ? 1 : 2;
}

let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Edit distance (insert, delete, substitute, swap two neighbours) between two words, computed only
 * as far as `max`: anything further is `max + 1`, so most of the vocabulary is ruled out in a row or two.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows, reused from call to call: a lookup measures thousands of words.
  if (rows[0]!.length <= b.length) rows = rows.map(() => new Int32Array(b.length * 2 + 1));
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowBest) rowBest = d;
    }
    if (rowBest > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}

interface Entry {
  term: string;
  count: number;
  display: string;
  letters: number;
}

/** Which letters a word has, one bit each (others share bits, which only weakens the bound below). */
function letterMask(term: string): number {
  let mask = 0;
  for (let i = 0; i < term.length; i++) mask |= 1 << (term.charCodeAt(i) & 31);
  return mask;
}

function bitCount(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * A text's words, each once with how often it occurs and how the text writes it. Words are kept in
 * buckets by length, so a lookup compares a typed word only with words of a length it could reach.
 */
export class SpellingVocabulary {
  /** While adding: each normalised word's written forms and their counts. */
  private forms? = new Map<string, Map<string, number>>();
  /** While adding: each written form's entry in `forms`. */
  private formsOf = new Map<string, Map<string, number>>();
  private entries = new Map<string, Entry>();
  private byLength: Entry[][] = [];

  add(text: string): void {
    const forms = this.forms;
    if (!forms) throw new Error('A vocabulary takes no words once it has been searched.');
    for (const [word] of text.matchAll(WORD)) {
      // A Bible has some 800,000 words but only tens of thousands of written forms: each is normalised once.
      let written = this.formsOf.get(word);
      if (!written) {
        const term = normalizeTerm(word);
        written = forms.get(term);
        if (!written) forms.set(term, (written = new Map()));
        this.formsOf.set(word, written);
      }
      written.set(word, (written.get(word) ?? 0) + 1);
    }
  }

  private ready(): void {
    if (!this.forms) return;
    for (const [term, written] of this.forms) {
      let count = 0;
      for (const n of written.values()) count += n;
      const entry = { term, count, display: displayForm(written), letters: letterMask(term) };
      this.entries.set(term, entry);
      (this.byLength[term.length] ??= []).push(entry);
    }
    this.forms = undefined;
    this.formsOf.clear();
  }

  /** Whether the text has this (normalised) word. */
  has(term: string): boolean {
    this.ready();
    return this.entries.has(term);
  }

  /** How many different words the text has. */
  get size(): number {
    this.ready();
    return this.entries.size;
  }

  /**
   * The text's word nearest to `typed` as the text writes it: fewest edits first, then the most
   * frequent; undefined when none is near enough (or the text has the word itself).
   */
  suggest(typed: string): string | undefined {
    this.ready();
    const term = normalizeTerm(typed);
    const max = allowedEdits(term.length);
    if (max === 0 || this.entries.has(term)) return undefined;
    const letters = letterMask(term);
    let best: Entry | undefined;
    let bestDistance = max + 1;
    for (let length = Math.max(1, term.length - max); length <= term.length + max; length++) {
      for (const entry of this.byLength[length] ?? []) {
        // A word no nearer than the best so far need not be measured exactly.
        const bound = Math.min(max, bestDistance);
        // Each letter one word has and the other lacks takes an edit: most words are ruled out here.
        if (bitCount(letters & ~entry.letters) > bound || bitCount(entry.letters & ~letters) > bound) continue;
        const d = editDistance(term, entry.term, bound);
        if (d < bestDistance || (d === bestDistance && d <= max && best && entry.count > best.count)) {
          best = entry;
          bestDistance = d;
        }
      }
    }
    return bestDistance <= max ? best?.display : undefined;
  }
}

/**
 * How to show a word: in lower case when the text writes it so anywhere (a word capitalised only at
 * the start of a sentence), else as a name ("Jerusalem", "Lord" for the KJV's "LORD").
 */
function displayForm(written: Map<string, number>): string {
  let lower: [string, number] | undefined;
  let any: [string, number] | undefined;
  for (const [form, n] of written) {
    if (form === form.toLowerCase() && (!lower || n > lower[1])) lower = [form, n];
    if (!any || n > any[1]) any = [form, n];
  }
  if (lower) return lower[0].normalize('NFC');
  const form = any![0].normalize('NFC');
  return form === form.toUpperCase() && form.length > 1 ? form[0]! + form.slice(1).toLowerCase() : form;
}

/**
 * The query with each word the text lacks replaced by its suggestion, quotes and the rest kept as
 * typed; undefined when nothing would change. Prefixes (`shep*`) and numbers are left alone.
 */
export function suggestQuery(q: string, known: (term: string) => boolean, suggest: (term: string) => string | undefined): string | undefined {
  let changed = false;
  const corrected = q.replace(/([\p{L}\p{N}]+)(\*?)/gu, (whole, word: string, star: string) => {
    if (star || /\p{N}/u.test(word)) return whole;
    const term = normalizeTerm(word);
    if (known(term)) return whole;
    const found = suggest(term);
    if (!found) return whole;
    changed = true;
    // A word typed with a capital keeps it ("Sheperd" → "Shepherd").
    const capital = word[0] !== word[0]!.toLowerCase() && found[0] === found[0]!.toLowerCase();
    return capital ? found[0]!.toUpperCase() + found.slice(1) : found;
  });
  return changed ? corrected : undefined;
}
