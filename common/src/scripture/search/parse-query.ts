import { normalizeTerm } from '../tokenize.ts';
import { stopWords } from './word-forms.ts';

/**
 * One part of a query: a whole word, a word prefix ("lov*") or a phrase in quotes. A word may keep the
 * stop words typed right before and after it (`before`, `after`): they are not searched for, but a verse
 * that has them in the same place ranks higher ("only begotten", "my shepherd").
 */
export type QueryPart =
  { kind: 'word'; term: string; before?: string; after?: string } | { kind: 'prefix'; term: string } | { kind: 'phrase'; terms: string[] };

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Reads `love`, `"in the beginning"`, `bless*`. Quotes may be straight or curly; an unclosed quote
 * runs to the end. Anything that is not a letter or digit separates words. With the text's `language`,
 * its stop words ("I", "am", "when") are left out — they would match most verses and mark noise — unless
 * the query has nothing else; a phrase keeps them, since "I am" in order still means something.
 */
export function parseQuery(q: string, language?: string): QueryPart[] {
  const parts: QueryPart[] = [];
  const stop = stopWords(language);
  const text = q.replace(/[“”„]/g, '"');
  const pieces = text.split('"');
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) {
      const terms = [...piece.matchAll(WORD)].map((m) => normalizeTerm(m[0]));
      if (terms.length === 1) parts.push({ kind: 'word', term: terms[0]! });
      else if (terms.length > 1) parts.push({ kind: 'phrase', terms });
      return;
    }
    const words: QueryPart[] = [...piece.matchAll(/([\p{L}\p{N}]+)(\*?)/gu)].map((m) => {
      const term = normalizeTerm(m[1]!);
      return m[2] ? { kind: 'prefix', term } : { kind: 'word', term };
    });
    const stopAt = (w: number) => {
      const part = words[w];
      return part?.kind === 'word' && stop.has(part.term) ? part.term : undefined;
    };
    words.forEach((part, w) => {
      const [before, after] = part.kind === 'word' && !stopAt(w) ? [stopAt(w - 1), stopAt(w + 1)] : [];
      parts.push({ ...part, ...(before && { before }), ...(after && { after }) });
    });
  });
  const content = parts.filter((p) => p.kind !== 'word' || !stop.has(p.term));
  return dedupe(content.length > 0 ? content : parts);
}

function dedupe(parts: QueryPart[]): QueryPart[] {
  const seen = new Set<string>();
  return parts.filter((p) => {
    const key = p.kind === 'phrase' ? `p:${p.terms.join(' ')}` : `${p.kind}:${p.term}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
