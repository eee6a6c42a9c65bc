import type { QueryPart } from '#common/scripture/search/parse-query.ts';
import type { RelatedWord } from '../search-index.ts';
import type { IrregularForms } from './irregular-forms.ts';
import type { ParallelWordPairs } from './parallel-pairs.ts';
import type { WordNet } from './wordnet.ts';

/** An irregular form of a word asked ("wept" for "weep") counts nearly as much as the word… */
export const FORM_WEIGHT = 0.8;
/** …a word learned from the parallel translations at most this much… */
export const PAIR_WEIGHT = 0.6;
/** …a word a topical index's entry points to for the word ("ANXIETY. See CARE") this much… */
export const TOPIC_WEIGHT = 0.5;
/** …and a WordNet synonym at most this much: it knows English, not how Scripture words things. */
export const SYNONYM_WEIGHT = 0.35;
/** "three times" is "thrice" in the older translations: the number's own word stands in for it. */
const TIMES_OVER: Readonly<Record<string, string>> = { two: 'twice', three: 'thrice' };
/** Stand-ins per word asked: the strongest few. */
const PER_WORD = 4;

/** What a translation offers for expanding a query: its words, and what was learned for it. */
export interface ExpansionSources {
  /** Whether the translation has the (normalised) word in some form. */
  has(term: string): boolean;
  /** The language's stop words: never a stand-in ("depressed" → "down"). */
  stop?: ReadonlySet<string>;
  pairs?: ParallelWordPairs;
  wordNet?: WordNet;
  /** The text's irregular forms of a word (English). */
  forms?: IrregularForms;
  /** The installed topical indexes (Nave's): the words an entry named by the word only points to. */
  topics?: TopicSynonyms;
}

export interface TopicSynonyms {
  synonymsOf(term: string): string[];
}

/**
 * The words that stand in for a query's words in the translation's language (spec §3 of issue 31's
 * "bridging how people ask and how translations speak"): the word's irregular forms ("weep" → "wept"),
 * the renderings the parallel translations show ("afraid" → "fear"), the words an installed topical
 * index's entry for the word points to ("anxiety" → "care"), then WordNet's synonyms the translation
 * uses ("worry" → "concern"). Each counts
 * less than the word asked and is never one of the asked words or a form the search already takes.
 * Phrases and prefixes are left as they are: they ask for letters, not meanings.
 */
export function expandQuery(parts: readonly QueryPart[], sources: ExpansionSources): RelatedWord[] {
  const asked = new Set(parts.flatMap((p) => (p.kind === 'word' ? [p.term] : [])));
  const related: RelatedWord[] = [];
  parts.forEach((part, of) => {
    if (part.kind !== 'word' || /\d/.test(part.term)) return;
    const found = new Map<string, number>();
    const offer = (term: string, weight: number) => {
      if (asked.has(term) || term === part.term || sources.stop?.has(term) || !sources.has(term)) return;
      found.set(term, Math.max(found.get(term) ?? 0, weight));
    };
    for (const form of sources.forms?.of(part.term) ?? []) offer(form, FORM_WEIGHT);
    const next = parts[of + 1];
    if (TIMES_OVER[part.term] && next?.kind === 'word' && /^times?$/.test(next.term)) offer(TIMES_OVER[part.term]!, FORM_WEIGHT);
    const forms = found.size;
    for (const r of sources.pairs?.related(part.term) ?? []) offer(r.term, PAIR_WEIGHT * r.weight);
    for (const term of sources.topics?.synonymsOf(part.term) ?? []) offer(term, TOPIC_WEIGHT);
    // WordNet speaks only where the texts and the topics said nothing, and only for a word's commonest sense: its
    // rarer senses ("treat" → "regale", "cover") would let any verse stand for the question.
    const wordNet = sources.wordNet;
    if (wordNet && found.size === forms) {
      for (const s of wordNet.synonyms(baseForm(part.term, wordNet))) if (s.weight === 1) offer(s.lemma, SYNONYM_WEIGHT);
    }
    const isForm = new Set(sources.forms?.of(part.term));
    [...found]
      .sort((a, b) => b[1] - a[1])
      .slice(0, PER_WORD)
      .forEach(([term, weight]) => related.push({ of, term, weight, ...(isForm.has(term) && { form: true as const }) }));
  });
  return related;
}

/** The form WordNet lists a word under ("worried" → "worry", "fears" → "fear"), or the word itself. */
export function baseForm(term: string, wordNet: WordNet): string {
  if (wordNet.has(term)) return term;
  const candidates = [
    term.replace(/ies$/, 'y'),
    term.replace(/ied$/, 'y'),
    term.replace(/es$/, ''),
    term.replace(/s$/, ''),
    term.replace(/ed$/, ''),
    term.replace(/ed$/, 'e'),
    term.replace(/ing$/, ''),
    term.replace(/ing$/, 'e'),
    term.replace(/([bdgmnprt])\1(ed|ing)$/, '$1'),
  ];
  return candidates.find((c) => c !== term && c.length > 2 && wordNet.has(c)) ?? term;
}
