import { tokenize } from '#common/scripture/tokenize.ts';
import type { LoadedTranslation } from '../../store/bible-store.ts';
import { stemmerFor, stopWords } from '#common/scripture/search/word-forms.ts';

/** Verses read between two turns of the event loop. */
const VERSES_PER_SLICE = 2_000;
/** Source stems examined between two turns. */
const STEMS_PER_SLICE = 1_500;
/** A pair must share at least this many verses: fewer is chance, or a name. */
const MIN_SHARED = 3;
/** …and be this unlikely under independence (log-likelihood G², 1 degree of freedom: 15.1 is p < 0.0001). */
const MIN_G2 = 15.1;
/** …and a fair share of the rarer word's verses (Dice over verse pairs). */
const MIN_DICE = 0.08;
/** The most target words kept per source word. */
const KEPT = 4;

/** A word of the searched text that another translation's word stands for, and how strongly (0–1). */
export interface Related {
  term: string;
  weight: number;
}

/**
 * Word pairs learned from verse-aligned translations: for each word of a source translation (WEB's
 * "afraid", "worry"), the words of the target (KJV's "fear", "careful") that stand in its place far
 * more often than chance. A verse counts for a pair only where the two texts word it differently (the
 * target lacks the source's word and the source the target's), so words that merely go together
 * ("heaven and earth") are not taken for each other. Both sides are counted by stem, each verse once;
 * the target side is named by its most frequent form. Nothing is written by hand: the pairs are
 * whatever the texts show.
 */
export class ParallelWordPairs {
  private constructor(
    private readonly sourceStem: ((term: string) => string)[],
    private readonly pairs: Map<string, Related[]>[],
  ) {}

  /** The target's words standing for a (normalised) source word, strongest first; none for an unknown word. */
  related(term: string): Related[] {
    const best = new Map<string, number>();
    this.pairs.forEach((pairs, i) => {
      for (const r of pairs.get(this.sourceStem[i]!(term)) ?? []) best.set(r.term, Math.max(best.get(r.term) ?? 0, r.weight));
    });
    return [...best].map(([t, weight]) => ({ term: t, weight })).sort((a, b) => b.weight - a.weight);
  }

  /** Learns the pairs, a slice at a time, letting other work run between slices. */
  static async learn(target: LoadedTranslation, sources: readonly LoadedTranslation[]): Promise<ParallelWordPairs> {
    const learning = ParallelWordPairs.slices(target, sources);
    for (let step = learning.next(); ; step = learning.next()) {
      if (step.done) return step.value;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The same at once (tests, and a caller that cannot wait). */
  static learnNow(target: LoadedTranslation, sources: readonly LoadedTranslation[]): ParallelWordPairs {
    const learning = ParallelWordPairs.slices(target, sources);
    for (let step = learning.next(); ; step = learning.next()) if (step.done) return step.value;
  }

  private static *slices(target: LoadedTranslation, sources: readonly LoadedTranslation[]): Generator<void, ParallelWordPairs> {
    const side = yield* readSide(target);
    const stems: ((term: string) => string)[] = [];
    const pairs: Map<string, Related[]>[] = [];
    for (const source of sources) {
      const other = yield* readSide(source);
      stems.push(other.stem);
      pairs.push(yield* associate(other, side));
    }
    return new ParallelWordPairs(stems, pairs);
  }
}

/** One translation read for pairing: per verse (by key), its content stems' ids, each once. */
interface Side {
  stem: (term: string) => string;
  ids: Map<string, number>;
  /** Each stem's most frequent written form, by id. */
  names: string[];
  verses: Map<string, Uint32Array>;
}

function* readSide(translation: LoadedTranslation): Generator<void, Side> {
  // The vocabulary first: the KJV's -eth/-est forms are brought to their base only when the text has it.
  const vocabulary = new Set<string>();
  const texts: [key: string, terms: string[]][] = [];
  let read = 0;
  for (const { book, chapter, verse, text } of translation.everyVerse()) {
    const terms = tokenize(text).map((t) => t.term);
    for (const t of terms) vocabulary.add(t);
    texts.push([`${book.canon.osis}.${chapter.number}.${verse}`, terms]);
    if (++read % VERSES_PER_SLICE === 0) yield;
  }
  const stop = stopWords(translation.row.language);
  const stemOf = stemmerFor(translation.row.language, (t) => vocabulary.has(t));
  const cache = new Map<string, number | null>();
  const ids = new Map<string, number>();
  const formCounts: Map<string, number>[] = [];
  const verses = new Map<string, Uint32Array>();
  for (const [key, terms] of texts) {
    const here = new Set<number>();
    for (const term of terms) {
      let id = cache.get(term);
      if (id === undefined) {
        // Numbers and one-letter words carry no meaning to pair.
        if (stop.has(term) || term.length < 2 || /\d/.test(term)) id = null;
        else {
          const stem = stemOf(term);
          id = ids.get(stem) ?? null;
          if (id === null) ids.set(stem, (id = formCounts.push(new Map()) - 1));
        }
        cache.set(term, id);
      }
      if (id === null) continue;
      here.add(id);
      const forms = formCounts[id]!;
      forms.set(term, (forms.get(term) ?? 0) + 1);
    }
    verses.set(key, Uint32Array.from(here));
    if (++read % VERSES_PER_SLICE === 0) yield;
  }
  const names = formCounts.map((forms) => [...forms].reduce((a, b) => (b[1] > a[1] ? b : a))[0]);
  return { stem: stemOf, ids, names, verses };
}

/** For each source stem, the target stems sharing its verses far beyond chance, by their stem. */
function* associate(source: Side, target: Side): Generator<void, Map<string, Related[]>> {
  // Only verses both texts have: their verse keys (book, chapter, verse) align them.
  const aligned: [Uint32Array, Uint32Array][] = [];
  for (const [key, ids] of source.verses) {
    const other = target.verses.get(key);
    if (other) aligned.push([ids, other]);
  }
  const n = aligned.length;
  const sourceCount = new Uint32Array(source.names.length);
  const targetCount = new Uint32Array(target.names.length);
  const versesOf: number[][] = source.names.map(() => []);
  aligned.forEach(([s, t], v) => {
    for (const id of s) {
      sourceCount[id]!++;
      versesOf[id]!.push(v);
    }
    for (const id of t) targetCount[id]!++;
  });
  const stemOfTarget = [...target.ids.keys()];
  // The same stem on the other side (or -1): a verse where both texts use a word is no evidence of how one renders the other.
  const sourceOfTarget = Int32Array.from(stemOfTarget, (stem) => source.ids.get(stem) ?? -1);
  const shared = new Uint32Array(target.names.length);
  const touched: number[] = [];
  const out = new Map<string, Related[]>();
  let examined = 0;
  for (const [stem, id] of source.ids) {
    if (++examined % STEMS_PER_SLICE === 0) yield;
    const a = sourceCount[id]!;
    if (a < MIN_SHARED) continue;
    // Only renderings count: verses where the target lacks the source's word and the source lacks the target's.
    const same = target.ids.get(stem) ?? -1;
    for (const v of versesOf[id]!) {
      const [here, there] = aligned[v]!;
      if (same >= 0 && there.includes(same)) continue;
      for (const t of there) {
        const back = sourceOfTarget[t]!;
        if (back >= 0 && here.includes(back)) continue;
        if (shared[t]!++ === 0) touched.push(t);
      }
    }
    const found: Related[] = [];
    for (const t of touched) {
      const both = shared[t]!;
      shared[t] = 0;
      // The same word in both texts needs no pairing: the search finds it already.
      if (both < MIN_SHARED || stemOfTarget[t] === stem) continue;
      const b = targetCount[t]!;
      const dice = (2 * both) / (a + b);
      if (dice < MIN_DICE || both * n <= a * b || logLikelihood(both, a, b, n) < MIN_G2) continue;
      found.push({ term: target.names[t]!, weight: dice });
    }
    touched.length = 0;
    if (found.length === 0) continue;
    found.sort((x, y) => y.weight - x.weight);
    // Weights relative to the best pair, so a word's strongest rendering counts as much as any.
    const top = found.slice(0, KEPT);
    out.set(
      stem,
      top.map((r) => ({ term: r.term, weight: Math.min(1, r.weight / top[0]!.weight) * Math.min(1, 2 * top[0]!.weight) })),
    );
  }
  return out;
}

/** Dunning's G² for a 2×2 table: `both` verses with both words, `a` and `b` with each, of `n`. */
function logLikelihood(both: number, a: number, b: number, n: number): number {
  const cells = [
    [both, a, b],
    [a - both, a, n - b],
    [b - both, n - a, b],
    [n - a - b + both, n - a, n - b],
  ] as const;
  let g = 0;
  for (const [observed, row, column] of cells) {
    if (observed > 0) g += observed * Math.log((observed * n) / (row * column));
  }
  return 2 * g;
}
