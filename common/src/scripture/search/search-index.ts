import type { CanonBook } from '../canon.ts';
import { tokenize, type Token } from '../tokenize.ts';
import type { QueryPart } from './parse-query.ts';
import { stemmerFor } from './word-forms.ts';

/** A verse as the index knows it. Doc ids follow canonical order, so sorting by id is reading order. */
export interface IndexedVerse {
  book: CanonBook;
  chapter: number;
  verse: number;
  text: string;
}
type Doc = IndexedVerse;

export interface IndexHit {
  doc: number;
  score: number;
}

export interface IndexSearch {
  total: number;
  /** 'all' when every part matched; 'any' when nothing had them all and we fell back to any part. */
  match: 'all' | 'any';
  hits: IndexHit[];
}

// BM25 constants: the usual values; verses are short and similar in length, so they matter little.
const K1 = 1.2;
const B = 0.75;
// tf is packed into the low byte of each posting beside the doc id.
const TF_BITS = 8;
const TF_MASK = (1 << TF_BITS) - 1;
// A query's postings count tf in halves: the word as typed counts 2 per use, its other forms 1, so
// "fear" ranks verses saying "fear" above those saying only "feared".
const EXACT = 2;
const OTHER_FORM = 1;
// How much a verse gains when its query words stand side by side (less as they stand further apart).
const PROXIMITY = 0.5;
// How much a verse gains when the stop words typed beside a word stand beside it there too ("only
// begotten", "my shepherd"): twice its score with all of them in place.
const NEIGHBOURS = 1;

/** A query part with what the index found for it: its postings (tf in halves) and, for words and prefixes, the term ids it takes. */
interface Resolved {
  part: QueryPart;
  postings: Uint32Array;
  ids?: ReadonlySet<number>;
  /** The words standing in for it (the server's query expansion), each resolved, with how much less they count. */
  related?: { resolved: Resolved; weight: number }[];
}

/** A word standing in for a query part (`of`, its index among the parts) at a weight below 1. */
export interface RelatedWord {
  of: number;
  term: string;
  weight: number;
  /** Another form of the word asked ("wept" for "weep"), not another word for it. */
  form?: true;
}

/**
 * In-memory inverted index over one translation's verses: term → packed (doc id, term frequency)
 * postings, sorted by doc id, plus a sorted vocabulary for prefix queries. About 3 MB per Bible;
 * built in ~0.2 s, so every translation is searchable without touching the database. The server builds
 * it from its store and the device from a downloaded translation, so a search offline finds, ranks and
 * marks what the server's does.
 */
export class SearchIndex {
  readonly docs: Doc[] = [];
  private readonly docLength: Uint16Array;
  private readonly averageLength: number;
  /** Every term's postings, one after another (term by term, each in doc order)… */
  private readonly postings: Uint32Array;
  /** …where term `id`'s run from `starts[id]` to `starts[id + 1]`. */
  private readonly starts: Uint32Array;
  private readonly termIds = new Map<string, number>();
  private readonly vocabulary: string[];
  /** The stem of a word in the translation's language (KJV's -eth/-est checked against its own words). */
  private readonly stem: (term: string) => string;

  /**
   * Built in two passes over flat typed arrays, not a growing list per term: a site searching many
   * translations in turn builds many indexes, and per-term lists were most of what each build left behind.
   */
  constructor(verses: Iterable<IndexedVerse>, language: string | null | undefined) {
    const frequencies: number[] = [];
    // (term id, posting) pairs in doc order.
    let pairs = new Uint32Array(1 << 20);
    let used = 0;
    const lengths: number[] = [];
    for (const { book, chapter, verse, text } of verses) {
      const doc = this.docs.length;
      this.docs.push({ book, chapter, verse, text });
      const counts = new Map<string, number>();
      const tokens = tokenize(text);
      lengths.push(tokens.length);
      for (const t of tokens) counts.set(t.term, (counts.get(t.term) ?? 0) + 1);
      for (const [term, tf] of counts) {
        let id = this.termIds.get(term);
        if (id === undefined) this.termIds.set(term, (id = frequencies.push(0) - 1));
        frequencies[id]!++;
        if (used + 2 > pairs.length) {
          const grown = new Uint32Array(pairs.length * 2);
          grown.set(pairs);
          pairs = grown;
        }
        pairs[used++] = id;
        pairs[used++] = (doc << TF_BITS) | Math.min(tf, TF_MASK);
      }
    }
    this.starts = new Uint32Array(frequencies.length + 1);
    frequencies.forEach((count, id) => (this.starts[id + 1] = this.starts[id]! + count));
    this.postings = new Uint32Array(this.starts[frequencies.length]!);
    const next = this.starts.slice(0, frequencies.length);
    for (let i = 0; i < used; i += 2) this.postings[next[pairs[i]!]!++] = pairs[i + 1]!;
    this.vocabulary = [...this.termIds.keys()].sort();
    this.docLength = Uint16Array.from(lengths);
    this.averageLength = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
    this.stem = stemmerFor(language ?? undefined, (term) => this.termIds.has(term));
  }

  /**
   * The term ids of a word's forms in this text: the word itself and the terms sharing its stem. Stems
   * are not stored (stemming every word would double the index's build): a word's forms begin as it and its stem both
   * begin, but for the letter a stem may change ("fly", "flies" → "fli"), so only the few vocabulary
   * terms with that beginning are stemmed, on each search.
   */
  private formsOf(term: string): Set<number> {
    const ids = new Set<number>();
    const own = this.termIds.get(term);
    if (own !== undefined) ids.add(own);
    const stem = this.stem(term);
    let shared = 0;
    while (shared < Math.min(term.length, stem.length) && term[shared] === stem[shared]) shared++;
    const begins = shared >= 4 ? shared - 1 : shared;
    if (begins < 2) return ids;
    for (const candidate of this.termsWithPrefix(term.slice(0, begins))) {
      if (this.stem(candidate) === stem) ids.add(this.termIds.get(candidate)!);
    }
    return ids;
  }

  /** A term's postings (a view into the index, no copy). */
  private postingsOf(term: string): Uint32Array {
    const id = this.termIds.get(term);
    return id === undefined ? EMPTY : this.postings.subarray(this.starts[id], this.starts[id + 1]);
  }

  /**
   * A part's postings, packed (doc id × 256 + tf in halves) and sorted by doc id. Words take their
   * forms (the typed one counting more); prefixes every term they start; phrases the docs holding every
   * phrase word, letter for letter (whether in order is checked when scoring).
   */
  private resolve(part: QueryPart): Resolved {
    if (part.kind === 'phrase') {
      let docs: Uint32Array | undefined;
      for (const term of part.terms) {
        const next = this.postingsOf(term);
        docs = docs ? intersect(docs, next) : next;
        if (docs.length === 0) break;
      }
      return { part, postings: Uint32Array.from(docs ?? EMPTY, (p) => (p & ~TF_MASK) | Math.min((p & TF_MASK) * EXACT, TF_MASK)) };
    }
    const exact = part.kind === 'word' ? this.termIds.get(part.term) : undefined;
    const ids = part.kind === 'word' ? this.formsOf(part.term) : new Set(this.termsWithPrefix(part.term).map((term) => this.termIds.get(term)!));
    return { part, ids, postings: this.merged(ids, (id) => (part.kind === 'prefix' || id === exact ? EXACT : OTHER_FORM)) };
  }

  /** The postings of several terms as one list, each term's tf weighted: sorted together, a doc's entries then summed. */
  private merged(ids: ReadonlySet<number>, weight: (id: number) => number): Uint32Array {
    let size = 0;
    for (const id of ids) size += this.starts[id + 1]! - this.starts[id]!;
    const all = new Uint32Array(size);
    let at = 0;
    for (const id of ids) {
      const w = weight(id);
      for (let i = this.starts[id]!; i < this.starts[id + 1]!; i++) {
        const p = this.postings[i]!;
        all[at++] = ((p >>> TF_BITS) << TF_BITS) | Math.min((p & TF_MASK) * w, TF_MASK);
      }
    }
    if (ids.size > 1) all.sort();
    let used = 0;
    for (const p of all) {
      const last = used > 0 ? all[used - 1]! : -1;
      if (last >= 0 && last >>> TF_BITS === p >>> TF_BITS) all[used - 1] = (last & ~TF_MASK) | Math.min((last & TF_MASK) + (p & TF_MASK), TF_MASK);
      else all[used++] = p;
    }
    return all.subarray(0, used);
  }

  /**
   * About what the index holds in memory: its postings, vocabulary and verse records (whose texts it
   * shares with the store, but keeps alive while it is kept).
   */
  get approximateBytes(): number {
    let bytes = this.docLength.byteLength + this.postings.byteLength + this.starts.byteLength;
    for (const term of this.vocabulary) bytes += 2 * (2 * term.length + 40);
    for (const doc of this.docs) bytes += 56 + doc.text.length;
    return bytes;
  }

  /** Whether any verse has this (normalised) word or one of its forms. */
  has(term: string): boolean {
    return this.termIds.has(term) || this.formsOf(term).size > 0;
  }

  /** Where the query's words are in a verse's text, their other forms included. */
  matchOffsets(text: string, parts: readonly QueryPart[]): { start: number; end: number }[] {
    return this.marker(parts)(text);
  }

  /** `matchOffsets` for many verses of one query: each word's forms are found once. */
  marker(parts: readonly QueryPart[]): (text: string) => { start: number; end: number }[] {
    const forms = new Map(parts.flatMap((p) => (p.kind === 'word' ? [[p.term, this.formsOf(p.term)] as const] : [])));
    const sameWord = (term: string) => (word: string) => forms.get(term)!.has(this.termIds.get(word) ?? -1);
    return (text) => matchOffsets(text, parts, sameWord);
  }

  /** Whether the text has this very word (not only another form of it). */
  hasExactly(term: string): boolean {
    return this.termIds.has(term);
  }

  /** The stem of a word in this text's language (what its forms share). */
  stemOf(term: string): string {
    return this.stem(term);
  }

  termsWithPrefix(prefix: string, max = 500): string[] {
    let lo = 0;
    let hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.vocabulary[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.vocabulary.length && out.length < max && this.vocabulary[i]!.startsWith(prefix); i++) {
      out.push(this.vocabulary[i]!);
    }
    return out;
  }

  /**
   * `related`: words standing in for parts (the server's query expansion). A verse then holds a part when it has
   * the part or one of its stand-ins, and the part scores the best of them, a stand-in times its weight.
   */
  search(parts: readonly QueryPart[], filter: (doc: Doc) => boolean, wanted: number, related: readonly RelatedWord[] = []): IndexSearch {
    if (parts.length === 0) return { total: 0, match: 'all', hits: [] };
    const lists = parts.map((part) => this.resolve(part));
    for (const r of related) {
      const list = lists[r.of];
      const resolved = this.resolve({ kind: 'word', term: r.term });
      if (list && resolved.postings.length > 0) (list.related ??= []).push({ resolved, weight: r.weight });
    }
    // Stand-ins are for words; a phrase's order is checked only by the plain scoring.
    if (lists.some((l) => l.related) && parts.every((p) => p.kind !== 'phrase')) return this.searchRelated(lists, filter, wanted);
    const all = this.score(lists, filter, true);
    if (all.length > 0 || parts.length === 1) return { total: all.length, match: 'all', hits: this.best(all, wanted, lists) };
    const any = this.score(lists, filter, false);
    return { total: any.length, match: 'any', hits: this.best(any, wanted, lists) };
  }

  /** How many verses hold every part, and how many at least one (stand-ins not counted). */
  counts(parts: readonly QueryPart[], filter: (doc: Doc) => boolean): { all: number; some: number } {
    if (parts.length === 0) return { all: 0, some: 0 };
    const lists = parts.map((part) => this.resolve(part));
    const all = this.score(lists, filter, true).length;
    if (parts.length === 1) return { all, some: all };
    const some = new Set<number>();
    for (const { postings } of lists) for (const p of postings) if (filter(this.docs[p >>> TF_BITS]!)) some.add(p >>> TF_BITS);
    return { all, some: some.size };
  }

  /**
   * A search with stand-ins: each part's group (the part and its stand-ins) is one list for matching,
   * scored by its best member: the verses holding every group first, then, to make up `wanted`, the
   * best of those holding some. The groups' lists are merged per search,
   * which costs a pass over their postings: the stand-ins are few and chosen for being telling.
   */
  private searchRelated(lists: Resolved[], filter: (doc: Doc) => boolean, wanted: number): IndexSearch {
    const n = this.docs.length;
    const idf = (postings: Uint32Array) => Math.log(1 + (n - postings.length + 0.5) / (postings.length + 0.5));
    // Per group, doc → score: the part's own BM25, or a stand-in's times its weight, whichever is more.
    const groups = lists.map((list) => {
      const scores = new Map<number, number>();
      const members = [{ resolved: list, weight: 1 }, ...(list.related ?? [])];
      for (const { resolved, weight } of members) {
        const w = idf(resolved.postings) * weight * (resolved.part.kind === 'phrase' ? 2 : 1);
        for (const p of resolved.postings) {
          const doc = p >>> TF_BITS;
          const tf = (p & TF_MASK) / EXACT;
          const norm = 1 - B + (B * this.docLength[doc]!) / this.averageLength;
          const score = w * ((tf * (K1 + 1)) / (tf + K1 * norm));
          if (score > (scores.get(doc) ?? 0)) scores.set(doc, score);
        }
      }
      return scores;
    });
    const run = (requireAll: boolean) => {
      const totals = new Map<number, { score: number; held: number }>();
      for (const scores of groups) {
        for (const [doc, score] of scores) {
          const t = totals.get(doc);
          if (t) {
            t.score += score;
            t.held++;
          } else totals.set(doc, { score, held: 1 });
        }
      }
      const hits: IndexHit[] = [];
      for (const [doc, { score, held }] of totals) {
        if ((requireAll && held < groups.length) || !filter(this.docs[doc]!)) continue;
        // A verse holding more of the question's ideas is worth more than one saying one of them often.
        hits.push({ doc, score: score * (1 + PROXIMITY * ((held - 1) / Math.max(1, groups.length - 1))) });
      }
      return hits;
    };
    const all = run(true);
    if (all.length >= wanted || lists.length === 1) return { total: all.length, match: 'all', hits: this.best(all, wanted, lists) };
    // Too few hold every idea: those that do first, then the best of those holding some.
    const first = this.best(all, wanted, lists);
    const taken = new Set(first.map((h) => h.doc));
    const any = run(false).filter((h) => !taken.has(h.doc));
    return {
      total: all.length || any.length,
      match: all.length > 0 ? 'all' : 'any',
      hits: [...first, ...this.best(any, wanted - first.length, lists)],
    };
  }

  /**
   * The best `wanted` hits once each has gained for the stop words asked beside its words (NEIGHBOURS).
   * Only the verses that could still make the cut are read: down the hits by score, the walk ends at
   * the first whose score, doubled, would not beat the wanted-th best so far.
   */
  private best(hits: IndexHit[], wanted: number, lists: readonly Resolved[]): IndexHit[] {
    const neighbours = lists.flatMap(({ part, ids }) =>
      part.kind !== 'word'
        ? []
        : [...(part.before ? [{ term: part.before, side: -1, ids: ids! }] : []), ...(part.after ? [{ term: part.after, side: 1, ids: ids! }] : [])],
    );
    if (neighbours.length === 0) return top(hits, wanted);
    const kept = new BestHits(wanted);
    for (const hit of [...hits].sort((a, b) => b.score - a.score || a.doc - b.doc)) {
      if (hit.score * (1 + NEIGHBOURS) < kept.floor) break;
      const tokens = tokenize(this.docs[hit.doc]!.text);
      const inPlace = neighbours.filter(({ term, side, ids }) =>
        tokens.some((t, i) => ids.has(this.termIds.get(t.term) ?? -1) && tokens[i + side]?.term === term),
      ).length;
      kept.offer({ doc: hit.doc, score: hit.score * (1 + (NEIGHBOURS * inPlace) / neighbours.length) });
    }
    return kept.sorted();
  }

  /**
   * Scores docs with every part (requireAll) or any part, walking the sorted lists with one cursor
   * each: no per-query maps, so a common word costs a pass over its postings and nothing more. A doc
   * holding several parts gains by how near they stand (it is tokenised only then).
   */
  private score(lists: Resolved[], filter: (doc: Doc) => boolean, requireAll: boolean): IndexHit[] {
    const n = this.docs.length;
    const idf = lists.map(({ postings }) => Math.log(1 + (n - postings.length + 0.5) / (postings.length + 0.5)));
    const cursors = lists.map(() => 0);
    const tfs = lists.map(() => 0);
    const hits: IndexHit[] = [];
    // Candidate docs: those of the shortest list (all), or every doc in any list (any), in doc order.
    const driver = requireAll ? lists.reduce((a, b) => (b.postings.length < a.postings.length ? b : a)).postings : undefined;
    let next = 0;
    for (;;) {
      let doc: number;
      if (driver) {
        if (next >= driver.length) break;
        doc = driver[next++]! >>> TF_BITS;
      } else {
        doc = Infinity;
        lists.forEach(({ postings }, i) => {
          if (cursors[i]! < postings.length) doc = Math.min(doc, postings[cursors[i]!]! >>> TF_BITS);
        });
        if (doc === Infinity) break;
      }
      const present: number[] = [];
      lists.forEach(({ postings }, i) => {
        let c = cursors[i]!;
        while (c < postings.length && postings[c]! >>> TF_BITS < doc) c++;
        cursors[i] = c;
        if (c < postings.length && postings[c]! >>> TF_BITS === doc) {
          present.push(i);
          tfs[i] = (postings[c]! & TF_MASK) / EXACT;
        }
      });
      // Step past this doc in every list that held it, so the next round finds the next doc.
      if (!driver) for (const i of present) cursors[i]!++;
      const d = this.docs[doc]!;
      if (present.length === 0 || (requireAll && present.length < lists.length) || !filter(d)) continue;
      let tokens: Token[] | undefined;
      const held = present.filter((i) => {
        const part = lists[i]!.part;
        return part.kind !== 'phrase' || phraseMatches((tokens ??= tokenize(d.text)), part.terms);
      });
      if (held.length === 0 || (requireAll && held.length < lists.length)) continue;
      const norm = 1 - B + (B * this.docLength[doc]!) / this.averageLength;
      let score = 0;
      for (const i of held) {
        const { part } = lists[i]!;
        const tf = tfs[i]!;
        score += (part.kind === 'phrase' ? 2 : 1) * idf[i]! * ((tf * (K1 + 1)) / (tf + K1 * norm));
      }
      if (held.length > 1) {
        const span = this.span(
          (tokens ??= tokenize(d.text)),
          held.map((i) => lists[i]!),
        );
        score *= 1 + (PROXIMITY * (held.length - 1)) / Math.max(held.length - 1, span - 1);
      }
      hits.push({ doc, score });
    }
    return hits;
  }

  /** The fewest words of a verse that hold one use of every part (each part a single word here). */
  private span(tokens: readonly Token[], parts: readonly Resolved[]): number {
    const ids = tokens.map((t) => this.termIds.get(t.term) ?? -1);
    const uses: [position: number, part: number][] = [];
    parts.forEach(({ part, ids: forms }, p) => {
      if (part.kind === 'phrase') for (const s of phraseStarts(tokens, part.terms)) uses.push([s, p]);
      else ids.forEach((id, position) => forms!.has(id) && uses.push([position, p]));
    });
    uses.sort((a, b) => a[0] - b[0]);
    const inWindow = parts.map(() => 0);
    let covered = 0;
    let best = Infinity;
    for (let lo = 0, hi = 0; hi < uses.length; hi++) {
      if (inWindow[uses[hi]![1]]!++ === 0) covered++;
      while (covered === parts.length) {
        best = Math.min(best, uses[hi]![0] - uses[lo]![0] + 1);
        if (--inWindow[uses[lo++]![1]]! === 0) covered--;
      }
    }
    return best;
  }
}

const EMPTY = new Uint32Array(0);

/** Packed postings of `a` whose docs are also in `b`, keeping the smaller tf (for phrases). */
function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out: number[] = [];
  let j = 0;
  for (const p of a) {
    const doc = p >>> TF_BITS;
    while (j < b.length && b[j]! >>> TF_BITS < doc) j++;
    if (j < b.length && b[j]! >>> TF_BITS === doc) out.push((doc << TF_BITS) | Math.min(p & TF_MASK, b[j]! & TF_MASK));
  }
  return Uint32Array.from(out);
}

/** Best `wanted` hits, best first; equal scores keep reading order. A bounded heap, not a full sort. */
export function top(hits: IndexHit[], wanted: number): IndexHit[] {
  if (hits.length <= wanted) return hits.sort((a, b) => (better(a, b) ? -1 : 1));
  const kept = new BestHits(wanted);
  for (const hit of hits) kept.offer(hit);
  return kept.sorted();
}

const better = (a: IndexHit, b: IndexHit) => a.score > b.score || (a.score === b.score && a.doc < b.doc);

/** The best `wanted` hits offered so far: a min-heap whose root, the worst of them, a better hit replaces. */
class BestHits {
  private readonly heap: IndexHit[] = [];
  constructor(private readonly wanted: number) {}

  /** The score a hit must reach to be kept. */
  get floor(): number {
    return this.heap.length < this.wanted ? -Infinity : (this.heap[0]?.score ?? Infinity);
  }

  offer(hit: IndexHit): void {
    const heap = this.heap;
    const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
    if (heap.length < this.wanted) {
      heap.push(hit);
      for (let i = heap.length - 1; i > 0 && better(heap[(i - 1) >> 1]!, heap[i]!); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (heap.length > 0 && better(hit, heap[0]!)) {
      heap[0] = hit;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let worst = i;
        if (l < heap.length && better(heap[worst]!, heap[l]!)) worst = l;
        if (r < heap.length && better(heap[worst]!, heap[r]!)) worst = r;
        if (worst === i) break;
        swap(i, worst);
        i = worst;
      }
    }
  }

  sorted(): IndexHit[] {
    return this.heap.sort((a, b) => (better(a, b) ? -1 : 1));
  }
}

export function phraseMatches(tokens: readonly Token[], terms: readonly string[]): boolean {
  return phraseStarts(tokens, terms).length > 0;
}

function phraseStarts(tokens: readonly Token[], terms: readonly string[]): number[] {
  const starts: number[] = [];
  for (let i = 0; i + terms.length <= tokens.length; i++) {
    if (terms.every((t, j) => tokens[i + j]!.term === t)) starts.push(i);
  }
  return starts;
}

/**
 * Offsets of the words in `text` that the query matched, in reading order, merged where they touch.
 * `sameWord` says which words of the text count as a query word (by default only itself).
 */
export function matchOffsets(
  text: string,
  parts: readonly QueryPart[],
  sameWord: (term: string) => (word: string) => boolean = (term) => (word) => word === term,
): { start: number; end: number }[] {
  const tokens = tokenize(text);
  const marked = new Set<number>();
  for (const part of parts) {
    if (part.kind === 'phrase') {
      for (const s of phraseStarts(tokens, part.terms)) for (let j = 0; j < part.terms.length; j++) marked.add(s + j);
    } else {
      const matches = part.kind === 'word' ? sameWord(part.term) : (word: string) => word.startsWith(part.term);
      tokens.forEach((t, i) => {
        if (matches(t.term)) marked.add(i);
      });
    }
  }
  const ranges: { start: number; end: number }[] = [];
  [...marked]
    .sort((a, b) => a - b)
    .forEach((i) => {
      const t = tokens[i]!;
      const last = ranges.at(-1);
      // Join neighbours of a phrase separated only by spaces into one mark.
      if (last && /^\s*$/.test(text.slice(last.end, t.start)) && marked.has(i - 1)) last.end = t.end;
      else ranges.push({ start: t.start, end: t.end });
    });
  return ranges;
}
