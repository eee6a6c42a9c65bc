import type { CommentaryEntry } from '#common/contracts/study-tools.ts';
import type { CanonBook } from '#common/scripture/canon.ts';
import type { PassageRange } from '#common/scripture/reference.ts';
import { tokenize } from '#common/scripture/tokenize.ts';
import { phraseMatches } from '#common/scripture/search/search-index.ts';
import type { KeyWord, Passage, PassageStudy } from '../../providers/ai/answer-engine.ts';
import type { LoadedTranslation } from '../../scripture/store/bible-store.ts';
import { strongsIndexNow } from '../../scripture/strongs/strongs-index.ts';
import type { LexiconEntry } from '../study-tools/strongs-lexicons.ts';
import { nearestSentences } from './commentary.ts';

const KEY_WORDS = 3;

/** The study sources a passage answer reads (the study tools' own readers, as installed now). */
export interface PassageStudySources {
  lexicons?: { entry(number: string): LexiconEntry | undefined };
  commentaries?: { on(book: CanonBook, chapter: number, verse: number): { entries: CommentaryEntry[] } };
}

/**
 * What explains a passage: its key words with their lexicon entries (the words the question names first,
 * else the passage's rarest in the translation), every installed commentary's sentences nearest its words,
 * and the related passages, each with the words it shares with the passage.
 */
export function studyOf(
  about: Passage,
  range: PassageRange,
  related: readonly Passage[],
  question: string,
  translation: LoadedTranslation | undefined,
  sources: PassageStudySources,
  isContentWord: (term: string) => boolean,
  /** The words of Scripture the question asks about ("only begotten"), when it asks about words, not a reference. */
  phrase?: string,
): PassageStudy {
  return {
    passage: about,
    ...(phrase && { phrase }),
    keyWords: translation && sources.lexicons ? keyWords(range, question, translation, sources.lexicons, phrase) : [],
    commentaries: commentariesOn(range, about.text, sources, phrase),
    related: related.map((passage) => ({ passage, why: whyRelated(about, passage, isContentWord, phrase) })),
  };
}

/** The words the question names first, then the passage's rarest; for a phrase asked about, its own words alone. */
function keyWords(
  range: PassageRange,
  question: string,
  translation: LoadedTranslation,
  lexicons: NonNullable<PassageStudySources['lexicons']>,
  phrase?: string,
): KeyWord[] {
  const chapter = translation.book(range.book)?.chapter(range.chapter);
  if (!chapter || range.verse === undefined) return [];
  const last = range.endChapter === range.chapter ? (range.endVerse ?? range.verse) : range.verse;
  // The words (as translated) carrying each number, in reading order; "should … perish" is "perish".
  const carried = new Map<string, string>();
  const byNumber = new Map<string, string[]>();
  for (const item of chapter.verses()) {
    if (item.verse < range.verse || item.verse > last) continue;
    for (const node of item.content) {
      const number = node.type === 'text' ? node.strongs?.[0] : undefined;
      if (!number || node.type !== 'text') continue;
      const words = node.text
        .replace(/[^\p{L}\p{M}'’-]+/gu, ' ')
        .split(' ')
        .filter((w) => w && !AUXILIARY.has(w.toLowerCase()));
      byNumber.set(number, [...(byNumber.get(number) ?? []), ...words]);
    }
  }
  for (const [number, words] of byNumber) {
    const english = words.join(' ').trim();
    if (!english || tokenize(english).every((t) => t.term.length <= 2 || STOP.has(t.term))) continue;
    if (!carried.has(english)) carried.set(english, number);
  }
  const asked = new Set(tokenize(phrase ?? question).map((t) => t.term));
  const named = [...carried.keys()].filter((english) => tokenize(english).some((t) => asked.has(t.term)));
  const index = strongsIndexNow(translation);
  const rarest = [...carried.keys()].sort((a, b) => index.carrying(carried.get(a)!).length - index.carrying(carried.get(b)!).length);
  // Other words of the passage would be padding beside the words asked about.
  const chosen = phrase && named.length > 0 ? named : [...new Set([...named, ...rarest])];
  const words: KeyWord[] = [];
  for (const english of chosen) {
    if (words.length >= KEY_WORDS) break;
    const number = carried.get(english)!;
    const entry = lexicons.entry(number);
    // A derivation ("from G3441 and G1096;") says where the word comes from, not what it means.
    const meaning = entry?.definition
      .filter((p) => !/^(from|a primary|of uncertain)\b[^;]*;?$/i.test(p))
      .join(' ')
      // Strong's sets its definition and the KJV's renderings of the word apart with ":--".
      .replace(/:?--/, '; in the KJV: ');
    if (!entry || !meaning) continue;
    words.push({
      english,
      number,
      word: entry.word,
      transliteration: entry.transliteration,
      meaning,
      lexicon: entry.lexicon.name,
      licence: entry.lexicon.licence,
    });
  }
  return words;
}

/** Each commentary's sentences nearest the passage: those on the phrase asked about, where one speaks of all its words. */
function commentariesOn(range: PassageRange, passageText: string, sources: PassageStudySources, phrase?: string): PassageStudy['commentaries'] {
  if (!sources.commentaries || range.verse === undefined) return [];
  return sources.commentaries.on(range.book, range.chapter, range.verse).entries.flatMap((entry) => {
    const comment = entry.paragraphs.join(' ');
    const excerpt = (phrase && nearestSentences(comment, phrase, { every: true })) || nearestSentences(comment, passageText);
    return excerpt ? [{ source: entry.name, licence: entry.licence, on: entry.on, excerpt }] : [];
  });
}

// Helping verbs the translation adds around a verb ("should perish", "shall have"): the verb is the word.
const AUXILIARY = new Set('should shall will would may might must hath have has had be been is was were did do doth'.split(' '));

// Words too common to say what two passages share.
const STOP = new Set(
  'and the that for his him her they them their unto with shall will have hath not but was were this these those which who from into upon also are thou thee thy ye you your our all any one'.split(
    ' ',
  ),
);

/**
 * One line on why a passage is linked to the one asked about: the phrase asked about, which it says too;
 * else the words they share, or the cross-references that link them.
 */
function whyRelated(about: Passage, other: Passage, isContentWord: (term: string) => boolean, phrase?: string): string {
  const saysPhrase =
    phrase !== undefined &&
    phraseMatches(
      tokenize(other.text),
      tokenize(phrase).map((t) => t.term),
    );
  if (saysPhrase) return `It says **${phrase}** too.`;
  const theirs = new Set(tokenize(about.text).map((t) => t.term));
  const sharedWord = (w: string) => w.length > 2 && !STOP.has(w) && isContentWord(w) && theirs.has(w);
  // Shared words next to each other read as one phrase ("only begotten").
  const shared: string[] = [];
  let run: string[] = [];
  for (const { term } of [...tokenize(other.text), { term: '' }]) {
    if (term && sharedWord(term)) run.push(term);
    else if (run.length) {
      if (!shared.includes(run.join(' '))) shared.push(run.join(' '));
      run = [];
    }
  }
  if (shared.length === 0) return `The cross-references link it to ${about.reference}.`;
  const list = new Intl.ListFormat('en', { type: 'conjunction' }).format(shared.slice(0, 3).map((w) => `**${w}**`));
  return `It also speaks of ${list}, as ${about.reference} does.`;
}
