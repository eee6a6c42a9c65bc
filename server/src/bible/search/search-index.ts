import type { CanonBook } from '#common/bible/canon.ts';
import { tokenize, type Token } from '#common/bible/tokenize.ts';
import type { LoadedTranslation } from '../store/bible-store.ts';
import type { QueryPart } from './parse-query.ts';

/** A verse as the index knows it. Doc ids follow canonical order, so sorting by id is reading order. */
interface Doc {
  book: CanonBook;
  chapter: number;
  verse: number;
  text: string;
}

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

/**
 * In-memory inverted index over one translation's verses: term → packed (doc id, term frequency)
 * postings, sorted by doc id, plus a sorted vocabulary for prefix queries. About 3 MB per Bible;
 * built in ~0.2 s, so every translation is searchable without touching the database.
 */
export class SearchIndex {
  readonly docs: Doc[] = [];
  private readonly docLength: Uint16Array;
  private readonly averageLength: number;
  private readonly postings = new Map<string, Uint32Array>();
  private readonly vocabulary: string[];

  constructor(translation: LoadedTranslation) {
    const lists = new Map<string, number[]>();
    const lengths: number[] = [];
    for (const book of translation.books) {
      for (const chapter of book.chapters) {
        chapter.verseNumbers.forEach((verse, i) => {
          const doc = this.docs.length;
          const text = chapter.texts[i]!;
          this.docs.push({ book: book.canon, chapter: chapter.number, verse, text });
          const counts = new Map<string, number>();
          const tokens = tokenize(text);
          lengths.push(tokens.length);
          for (const t of tokens) counts.set(t.term, (counts.get(t.term) ?? 0) + 1);
          for (const [term, tf] of counts) {
            let list = lists.get(term);
            if (!list) lists.set(term, (list = []));
            list.push(doc * (TF_MASK + 1) + Math.min(tf, TF_MASK));
          }
        });
      }
    }
    for (const [term, list] of lists) this.postings.set(term, Uint32Array.from(list));
    this.vocabulary = [...lists.keys()].sort();
    this.docLength = Uint16Array.from(lengths);
    this.averageLength = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  }

  /** Doc ids and tf for a part; prefix parts merge every vocabulary term that starts with the prefix. */
  private partPostings(part: QueryPart): Map<number, number> {
    const terms =
      part.kind === 'word' ? [part.term] : part.kind === 'phrase' ? part.terms : this.termsWithPrefix(part.term);
    if (part.kind === 'phrase') {
      // Docs holding every word of the phrase; the order is checked later on the few candidates.
      let docs: Map<number, number> | undefined;
      for (const term of terms) {
        const next = this.decode(this.postings.get(term));
        docs = docs ? new Map([...docs].filter(([d]) => next.has(d)).map(([d, tf]) => [d, Math.min(tf, next.get(d)!)])) : next;
        if (docs.size === 0) break;
      }
      return docs ?? new Map();
    }
    const merged = new Map<number, number>();
    for (const term of terms) {
      for (const [doc, tf] of this.decode(this.postings.get(term))) merged.set(doc, (merged.get(doc) ?? 0) + tf);
    }
    return merged;
  }

  private decode(list: Uint32Array | undefined): Map<number, number> {
    const out = new Map<number, number>();
    if (list) for (const p of list) out.set(Math.floor(p / (TF_MASK + 1)), p & TF_MASK);
    return out;
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

  search(parts: readonly QueryPart[], filter: (doc: Doc) => boolean, wanted: number): IndexSearch {
    if (parts.length === 0) return { total: 0, match: 'all', hits: [] };
    const perPart = parts.map((p) => ({ part: p, docs: this.partPostings(p) }));
    const all = this.score(perPart, filter, true);
    if (all.length > 0 || parts.length === 1) return { total: all.length, match: 'all', hits: top(all, wanted) };
    const any = this.score(perPart, filter, false);
    return { total: any.length, match: 'any', hits: top(any, wanted) };
  }

  private score(perPart: { part: QueryPart; docs: Map<number, number> }[], filter: (doc: Doc) => boolean, requireAll: boolean): IndexHit[] {
    const n = this.docs.length;
    const candidates = new Map<number, number>();
    const ordered = [...perPart].sort((a, b) => a.docs.size - b.docs.size);
    if (requireAll) {
      for (const doc of ordered[0]!.docs.keys()) {
        if (ordered.every((p) => p.docs.has(doc))) candidates.set(doc, 0);
      }
    } else {
      for (const p of ordered) for (const doc of p.docs.keys()) candidates.set(doc, 0);
    }
    const hits: IndexHit[] = [];
    for (const doc of candidates.keys()) {
      const d = this.docs[doc]!;
      if (!filter(d)) continue;
      let score = 0;
      let phraseMissing = false;
      for (const { part, docs } of perPart) {
        const tf = docs.get(doc);
        if (tf === undefined) continue;
        if (part.kind === 'phrase' && !phraseMatches(tokenize(d.text), part.terms)) {
          phraseMissing = true;
          continue;
        }
        const idf = Math.log(1 + (n - docs.size + 0.5) / (docs.size + 0.5));
        const norm = 1 - B + (B * this.docLength[doc]!) / this.averageLength;
        score += (part.kind === 'phrase' ? 2 : 1) * idf * ((tf * (K1 + 1)) / (tf + K1 * norm));
      }
      if (phraseMissing && requireAll) continue;
      if (score > 0) hits.push({ doc, score });
    }
    return hits;
  }
}

function top(hits: IndexHit[], wanted: number): IndexHit[] {
  // Best first; equal scores keep reading order.
  return hits.sort((a, b) => b.score - a.score || a.doc - b.doc).slice(0, wanted);
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

/** Offsets of the words in `text` that the query matched, in reading order, merged where they touch. */
export function matchOffsets(text: string, parts: readonly QueryPart[]): { start: number; end: number }[] {
  const tokens = tokenize(text);
  const marked = new Set<number>();
  for (const part of parts) {
    if (part.kind === 'phrase') {
      for (const s of phraseStarts(tokens, part.terms)) for (let j = 0; j < part.terms.length; j++) marked.add(s + j);
    } else {
      tokens.forEach((t, i) => {
        if (part.kind === 'word' ? t.term === part.term : t.term.startsWith(part.term)) marked.add(i);
      });
    }
  }
  const ranges: { start: number; end: number }[] = [];
  [...marked].sort((a, b) => a - b).forEach((i) => {
    const t = tokens[i]!;
    const last = ranges.at(-1);
    // Join neighbours of a phrase separated only by spaces into one mark.
    if (last && /^\s*$/.test(text.slice(last.end, t.start)) && marked.has(i - 1)) last.end = t.end;
    else ranges.push({ start: t.start, end: t.end });
  });
  return ranges;
}
