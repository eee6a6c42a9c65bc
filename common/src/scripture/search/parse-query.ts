import { normalizeTerm } from '../tokenize.ts';
import { stopWords } from './word-forms.ts';

/** One part of a query: a whole word, a word prefix ("lov*") or a phrase in quotes. */
export type QueryPart = { kind: 'word'; term: string } | { kind: 'prefix'; term: string } | { kind: 'phrase'; terms: string[] };

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Reads `love`, `"in the beginning"`, `bless*`. Quotes may be straight or curly; an unclosed quote
 * runs to the end. Anything that is not a letter or digit separates words. With the text's `language`,
 * its stop words ("I", "am", "when") are left out — they would match most verses and mark noise — unless
 * the query has nothing else; a phrase keeps them, since "I am" in order still means something.
 */
export function parseQuery(q: string, language?: string): QueryPart[] {
  const parts: QueryPart[] = [];
  const text = q.replace(/[“”„]/g, '"');
  const pieces = text.split('"');
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) {
      const terms = [...piece.matchAll(WORD)].map((m) => normalizeTerm(m[0]));
      if (terms.length === 1) parts.push({ kind: 'word', term: terms[0]! });
      else if (terms.length > 1) parts.push({ kind: 'phrase', terms });
      return;
    }
    for (const m of piece.matchAll(/([\p{L}\p{N}]+)(\*?)/gu)) {
      const term = normalizeTerm(m[1]!);
      parts.push(m[2] ? { kind: 'prefix', term } : { kind: 'word', term });
    }
  });
  const stop = stopWords(language);
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
