import * as snowball from 'snowball-stemmers';
import * as stopword from 'stopword';
import { normalizeTerm } from '#common/scripture/tokenize.ts';

/** The languages both packages know, by the ISO 639-1 code a translation carries. */
const LANGUAGES: Record<string, { stopwords: string; stemmer?: string }> = {
  ar: { stopwords: 'ara', stemmer: 'arabic' },
  ca: { stopwords: 'cat', stemmer: 'catalan' },
  cs: { stopwords: 'ces', stemmer: 'czech' },
  da: { stopwords: 'dan', stemmer: 'danish' },
  de: { stopwords: 'deu', stemmer: 'german' },
  el: { stopwords: 'ell' },
  en: { stopwords: 'eng', stemmer: 'english' },
  es: { stopwords: 'spa', stemmer: 'spanish' },
  eu: { stopwords: 'eus', stemmer: 'basque' },
  fi: { stopwords: 'fin', stemmer: 'finnish' },
  fr: { stopwords: 'fra', stemmer: 'french' },
  ga: { stopwords: 'gle', stemmer: 'irish' },
  he: { stopwords: 'heb' },
  hu: { stopwords: 'hun', stemmer: 'hungarian' },
  hy: { stopwords: 'hye', stemmer: 'armenian' },
  it: { stopwords: 'ita', stemmer: 'italian' },
  la: { stopwords: 'lat' },
  nb: { stopwords: 'nob', stemmer: 'norwegian' },
  nl: { stopwords: 'nld', stemmer: 'dutch' },
  no: { stopwords: 'nob', stemmer: 'norwegian' },
  pt: { stopwords: 'por', stemmer: 'portuguese' },
  ro: { stopwords: 'ron', stemmer: 'romanian' },
  ru: { stopwords: 'rus', stemmer: 'russian' },
  sl: { stopwords: 'slv', stemmer: 'slovene' },
  sv: { stopwords: 'swe', stemmer: 'swedish' },
  tr: { stopwords: 'tur', stemmer: 'turkish' },
};

/** KJV's function words, which the modern English list lacks ("when" too). */
const ENGLISH_EXTRA = 'when unto thee thou thy thine ye hath hast doth dost art shall shalt wilt upon not no so us o yea'.split(' ');
/** Words the English list leaves out that Scripture uses as nouns ("the narrow way", "a well of water"). */
const ENGLISH_KEPT = new Set(['way', 'well']);

const languageOf = (code: string | undefined) => LANGUAGES[(code ?? '').toLowerCase().split('-')[0]!];

const stopLists = new Map<string, ReadonlySet<string>>();

/** The words a query in this language may leave out: none for a language the list lacks. */
export function stopWords(language: string | undefined): ReadonlySet<string> {
  const known = languageOf(language);
  if (!known) return new Set();
  let words = stopLists.get(known.stopwords);
  if (!words) {
    const list = stopword[known.stopwords] ?? [];
    const english = known.stopwords === 'eng';
    const extra = english ? ENGLISH_EXTRA : [];
    stopLists.set(known.stopwords, (words = new Set([...list.filter((w) => !english || !ENGLISH_KEPT.has(w)), ...extra].map(normalizeTerm))));
  }
  return words;
}

/** Snowball's doubled endings, undone as it undoes them ("sitteth" → "sit"). */
const DOUBLE = /(bb|dd|ff|gg|mm|nn|pp|rr|tt)$/;

/**
 * The stem of a (normalised) word in a language, so its forms meet ("feared", "fearing" → "fear"). For
 * English, KJV's -eth and -est verbs, which Snowball leaves alone, are first brought back to the word
 * they come from when the text has that word ("careth" → "care", "knowest" → "know"). Words that only
 * look like one keep their ending: the base must be a word of the text and not a stop word ("forest" is
 * not "for"), and an -est word needs its -eth form in the text too (there is no "foreth" or "prieth").
 */
export function stemmerFor(language: string | undefined, known?: (term: string) => boolean): (term: string) => string {
  const name = languageOf(language)?.stemmer;
  if (!name) return (term) => term;
  const stemmer = snowball.newStemmer(name);
  if (name !== 'english' || !known) return (term) => stemmer.stem(term);
  const stop = stopWords(language);
  const word = (candidate: string) => !stop.has(candidate) && known(candidate);
  return (term) => stemmer.stem(archaicBase(term, word, known) ?? term);
}

function archaicBase(term: string, word: (term: string) => boolean, known: (term: string) => boolean): string | undefined {
  const ending = /^(.{2,}?)(eth|est)$/.exec(term);
  if (!ending) return undefined;
  const base = ending[1]!;
  if (ending[2] === 'est' && !known(`${base}eth`)) return undefined;
  for (const candidate of [`${base}e`, base, base.replace(DOUBLE, (d) => d[0]!)]) {
    if (candidate !== term && word(candidate)) return candidate;
  }
  return undefined;
}
