import { normalizeTerm } from '#common/scripture/tokenize.ts';

/** One part of a query: a whole word, a word prefix ("lov*") or a phrase in quotes. */
export type QueryPart = { kind: 'word'; term: string } | { kind: 'prefix'; term: string } | { kind: 'phrase'; terms: string[] };

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Reads `love`, `"in the beginning"`, `bless*`. Quotes may be straight or curly; an unclosed quote
 * runs to the end. Anything that is not a letter or digit separates words.
 */
export function parseQuery(q: string): QueryPart[] {
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
  return dedupe(parts);
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
