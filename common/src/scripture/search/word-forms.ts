import * as snowball from 'snowball-stemmers';
// By name, the lists of the languages below only: the browser's offline search then carries 25 of the package's 62.
import { ara, cat, ces, dan, deu, ell, eng, eus, fin, fra, gle, heb, hun, hye, ita, lat, nld, nob, por, ron, rus, slv, spa, swe, tur } from 'stopword';
import { normalizeTerm } from '../tokenize.ts';

/** The languages both packages know, by the ISO 639-1 code a translation carries: `stopwords` names the list (ISO 639-3). */
const LANGUAGES: Record<string, { stopwords: string; list: readonly string[]; stemmer?: string }> = {
  ar: { stopwords: 'ara', list: ara, stemmer: 'arabic' },
  ca: { stopwords: 'cat', list: cat, stemmer: 'catalan' },
  cs: { stopwords: 'ces', list: ces, stemmer: 'czech' },
  da: { stopwords: 'dan', list: dan, stemmer: 'danish' },
  de: { stopwords: 'deu', list: deu, stemmer: 'german' },
  el: { stopwords: 'ell', list: ell },
  en: { stopwords: 'eng', list: eng, stemmer: 'english' },
  es: { stopwords: 'spa', list: spa, stemmer: 'spanish' },
  eu: { stopwords: 'eus', list: eus, stemmer: 'basque' },
  fi: { stopwords: 'fin', list: fin, stemmer: 'finnish' },
  fr: { stopwords: 'fra', list: fra, stemmer: 'french' },
  ga: { stopwords: 'gle', list: gle, stemmer: 'irish' },
  he: { stopwords: 'heb', list: heb },
  hu: { stopwords: 'hun', list: hun, stemmer: 'hungarian' },
  hy: { stopwords: 'hye', list: hye, stemmer: 'armenian' },
  it: { stopwords: 'ita', list: ita, stemmer: 'italian' },
  la: { stopwords: 'lat', list: lat },
  nb: { stopwords: 'nob', list: nob, stemmer: 'norwegian' },
  nl: { stopwords: 'nld', list: nld, stemmer: 'dutch' },
  no: { stopwords: 'nob', list: nob, stemmer: 'norwegian' },
  pt: { stopwords: 'por', list: por, stemmer: 'portuguese' },
  ro: { stopwords: 'ron', list: ron, stemmer: 'romanian' },
  ru: { stopwords: 'rus', list: rus, stemmer: 'russian' },
  sl: { stopwords: 'slv', list: slv, stemmer: 'slovene' },
  sv: { stopwords: 'swe', list: swe, stemmer: 'swedish' },
  tr: { stopwords: 'tur', list: tur, stemmer: 'turkish' },
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
    const english = known.stopwords === 'eng';
    const extra = english ? ENGLISH_EXTRA : [];
    stopLists.set(known.stopwords, (words = new Set([...known.list.filter((w) => !english || !ENGLISH_KEPT.has(w)), ...extra].map(normalizeTerm))));
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
