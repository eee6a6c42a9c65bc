import { parseReference, type PassageRange } from '#common/scripture/reference.ts';
import { tokenize } from '#common/scripture/tokenize.ts';
import type { BibleService } from '../bible/bible.service.ts';
import type { SearchService } from '../search/search.service.ts';
import type { Passage, PassageGround, Retrieval } from '../../providers/ai/answer-engine.ts';
import type { Commentary } from './commentary.ts';
import type { CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import { checkReferences } from './reference-check.ts';
import { NOT_IN_THE_BIBLE, TOPICS, type Topic } from './topics.ts';
import { TOPIC_NOTES } from './topic-notes.ts';
import { missingBooks } from './missing-books.ts';
import { studyOf, type PassageStudySources } from './passage-study.ts';
import { askedPhrase } from './asked-phrase.ts';

const MAX_PASSAGES = 6;
const RELATED = 3;
// A phrase asked about is answered from the verses saying it, when they are few enough to be its own.
const PHRASE_VERSES = 60;
const PHRASE_PASSAGES = 4;
const NOT_SAYING: { phrase?: string; references: string[] } = { references: [] };
// A book name (or any word) with a chapter, and perhaps verses: "John 3:16", "1 Cor 13", "Hezekiah 3:16".
const CITED = /\b(?:[1-3] ?)?[A-Za-z]+\.? \d{1,3}(?::\d{1,3}(?:[-–]\d{1,3})?)?\b/g;

/** Study sources installed on the machine, used when present (SWORD modules; see ai.module.ts). */
export interface StudySources extends PassageStudySources {
  /** More topics beside Selah's own (Nave's Topical Bible). */
  topics?: { match(words: readonly string[]): Topic[] };
  /** A commentary, for questions about a passage (Matthew Henry's). */
  commentary?: Commentary;
}
/** How an answer shows a reference that is not in Scripture (ai.service.ts leaves it as it is). */
export const NOT_FOUND = (written: string) => `~~${written}~~ (not found in Scripture)`;
const INVENT = /\b(make up|invent|write|create|compose|generate)\b.{0,30}\b(verse|scripture|bible passage|psalm)\b/i;
// Words that carry no subject, left out of the keyword search a question falls back on.
const STOP = new Set(
  'a about after again all am an and any are as at be because been before being but by can could did do does doing for from had has have he her him his how i if in into is it its me my no not of on or our out over she should so some than that the their them then there these they this those to too under up very was we were what when where which while who whom why will with would you your bible scripture scriptures verse verses say says said tell teach teaches god jesus lord christ'.split(
    ' ',
  ),
);

const normalised = (text: string) =>
  tokenize(text)
    .map((t) => t.term)
    .join(' ');
const TOPIC_WORDS = TOPICS.map((topic) => ({ topic, words: topic.words.map(normalised) }));

/**
 * Retrieval for both engines: the passage the question names (checked against the store), the topics
 * its everyday words point to, and a keyword search of the store when nothing else speaks to it.
 */
export class PassageFinder {
  constructor(
    private readonly bible: BibleService,
    private readonly search: SearchService,
    private readonly crossReferences: CrossReferences,
    private readonly sources: StudySources = {},
  ) {}

  /**
   * Selah's own topics for the text's everyday words and the other source's for the words that name
   * one of its topics: Selah's best two, then the other's best, so each brings its best passages.
   */
  private topicsFor(text: string): Topic[] {
    // A reference's words name its passage, not a subject: "John 3:16" is not about John the Baptist.
    const subject = text.replace(CITED, ' ');
    const own = rankTopics(subject);
    // A word one of Selah's best topics already reads in context ("no sleep" → weariness) is not read again
    // by the other source's topic of that name (Nave's SLEEP, "a symbol of death").
    const read = (word: string) => own.slice(0, 2).some((topic) => topic.words.some((w) => (w.length <= 3 ? w === word : word.startsWith(normalised(w)))));
    const more = this.sources.topics?.match(contentWords(subject).filter((w) => !read(w))) ?? [];
    return [...own.slice(0, 2), ...more.slice(0, 1), ...own.slice(2), ...more.slice(1)];
  }

  find(question: string, translation: string, options: { reference?: string; context?: string; max?: number; keywords?: boolean } = {}): Retrieval {
    const { passages, add } = this.collector(translation, options.max ?? MAX_PASSAGES);
    const corrections: string[] = [];

    if (options.reference) add(options.reference);
    for (const ref of checkReferences(question, translation, this.bible)) {
      if (ref.status === 'verified' && ref.reference) add(ref.reference);
      else if (ref.problem) corrections.push(`${NOT_FOUND(ref.written)}: ${ref.problem}`);
    }
    // A question about words of Scripture ("Why does it say only begotten?") is about the verses saying them.
    const { phrase, references: saying } = passages.length === 0 ? this.versesSaying(question, translation) : NOT_SAYING;
    saying.forEach(add);
    // A question about a passage (not a note's short answer): what the commentary says about it.
    const about = passages[0];
    const range = about && options.max === undefined ? parseReference(about.reference) : undefined;
    const commentary = range ? this.sources.commentary?.on(range, about!.text) : undefined;

    const missing = missingBooks(question);
    corrections.push(...missing.map((m) => m.correction));
    // A book the Bible lacks ("the Gospel of Thomas") names nobody to search for: the rest of the question is searched.
    const subject = missing.reduce((rest, m) => rest.replace(m.phrase, ' '), question);
    for (const saying of NOT_IN_THE_BIBLE) {
      if (!saying.saying.test(question)) continue;
      corrections.push(`“${saying.quoted}” is not in the Bible. ${saying.instead}`);
      saying.passages.forEach(add);
    }

    // A question naming a person or place is about them: the verses naming them with the question's
    // other words come first, and a topic one of its words names is only a hint after them.
    const grounds: PassageGround[] = [];
    for (const { query, group, names } of namedSearches(subject)) {
      for (const reference of this.searchFor(query, translation, query.startsWith('"') ? 3 : 4, false, names)) {
        const p = add(reference);
        if (p) grounds.push({ reference: p.reference, group, why: `Found by searching the ${translation} for ${query.replaceAll('"', '')}.` });
      }
    }

    // The question's own words first; what came before (a conversation, a note) only when they say nothing.
    let topics = this.topicsFor(subject);
    if (topics.length === 0 && passages.length === 0 && options.context) topics = this.topicsFor(options.context);
    // Two passages from each of the best topics first, then the rest of them in order.
    const fromTopic = (topic: Topic) => (reference: string) => {
      const p = add(reference);
      // Selah's topics label their passages by what they say ("God's care"); Nave's lines are its sub-headings, said in the why-line.
      const label = topic.source ? undefined : topic.lines?.[reference];
      if (p)
        grounds.push({
          reference: p.reference,
          group: label ?? topic.name,
          ...whyListed(topic, reference),
          topic: topic.name,
          index: topic.source ? 'Nave’s Topical Bible' : 'Selah’s topics',
        });
    };
    for (const topic of topics.slice(0, 3)) topic.passages.slice(0, 2).forEach(fromTopic(topic));
    for (const topic of topics.slice(0, 3)) topic.passages.forEach(fromTopic(topic));

    // The passages the named one points to, best known first, where there is room.
    const linked = about ? this.crossReferences.related(about.reference, RELATED) : [];
    linked.forEach(add);

    // Nothing spoke to the question: the passages sharing its words are the closest, and the answer says so.
    const closest = passages.length === 0 && options.keywords !== false;
    if (closest) this.keywordPassages(subject, translation).forEach(add);
    const study = range ? this.study(about!, range, passages, [...linked, ...saying], question, translation, phrase) : undefined;
    // A commentary passed in alone (tests, the benchmark) stands for the installed ones.
    if (study && study.commentaries.length === 0 && commentary) study.commentaries.push({ ...commentary, licence: 'Public Domain' });
    return {
      passages,
      topics: topics.map((t) => t.name),
      corrections,
      asksToInvent: INVENT.test(question),
      ...(commentary ? { commentary } : {}),
      grounds: grounds.filter((g) => passages.some((p) => p.reference === g.reference)),
      ...(closest && passages.length > 0 ? { closest: true } : {}),
      ...(study ? { study } : {}),
    };
  }

  /** What explains the passage a question is about (passage-study.ts), from the passages already found. */
  private study(about: Passage, range: PassageRange, found: readonly Passage[], linked: readonly string[], question: string, code: string, phrase?: string) {
    const linkedRanges = linked.map((r) => parseReference(r)).filter((r): r is PassageRange => Boolean(r));
    const related = found.filter((p) => p !== about && linkedRanges.some((r) => overlap(r, parseReference(p.reference)!)));
    let translation;
    try {
      translation = this.bible.translation(code);
    } catch {
      translation = undefined;
    }
    return studyOf(about, range, related, question, translation, this.sources, (w) => !STOP.has(w), phrase);
  }

  /**
   * A list of passages that takes references one at a time: each checked against the store and
   * quoted from it, up to `max`; one not in the store, or overlapping one already taken (Philippians
   * 4:6 after 4:6-7), adds nothing. `existing` are passages already chosen.
   */
  collector(translation: string, max: number, existing: readonly Passage[] = []) {
    const passages: Passage[] = [...existing];
    const ranges = existing.map((p) => parseReference(p.reference)).filter((r): r is PassageRange => Boolean(r));
    const add = (reference: string): Passage | undefined => {
      if (passages.length >= max) return undefined;
      const [checked] = checkReferences(reference, translation, this.bible);
      const range = checked?.reference ? parseReference(checked.reference) : undefined;
      if (checked?.status !== 'verified' || !checked.text || !range || ranges.some((r) => overlap(r, range))) return undefined;
      ranges.push(range);
      const passage = { reference: checked.reference!, text: checked.text, href: checked.href! };
      passages.push(passage);
      return passage;
    };
    return { passages, add };
  }

  /**
   * The verses saying the words a question asks about, best known first (by the cross-references
   * pointing to them): the first is the passage it is about, the others explain it.
   */
  private versesSaying(question: string, translation: string): { phrase?: string; references: string[] } {
    const phrase = askedPhrase(question);
    if (!phrase) return NOT_SAYING;
    const query = tokenize(phrase).length > 1 ? `"${phrase}"` : phrase;
    try {
      const found = this.search.search({ q: query, translation, limit: PHRASE_VERSES, offset: 0 });
      if (found.match !== 'all' || found.total === 0 || found.total > PHRASE_VERSES) return NOT_SAYING;
      const verses = found.results
        .map((r, order) => ({ verse: r, order, known: this.crossReferences.prominence(r.reference) }))
        .sort((a, b) => b.known - a.known || a.order - b.order)
        .slice(0, PHRASE_PASSAGES)
        .map((r) => r.verse);
      // The answer names the phrase as the text writes it, never as the question typed it (which could carry markup).
      const { text, matches } = verses[0]!;
      const written = matches.length > 0 ? text.slice(matches[0]!.start, matches.at(-1)!.end) : undefined;
      return { phrase: written, references: verses.map((v) => v.reference) };
    } catch {
      return NOT_SAYING;
    }
  }

  private keywordPassages(question: string, translation: string): string[] {
    const words = contentWords(question);
    return words.length === 0 ? [] : this.searchFor(words.slice(0, 8).join(' '), translation, 4, true);
  }

  /** Resolved when the search's word pairs for the translation are learnt (see SearchService.expansionReady). */
  ready(translation: string): Promise<void> {
    return this.search.expansionReady(translation);
  }

  /**
   * `related`: the words are searched with what stands for them in the translation ("afraid" → "fear"),
   * for a question nothing else spoke to; a name's searches keep to the words asked.
   */
  private searchFor(q: string, translation: string, limit: number, related = false, naming?: readonly string[]): string[] {
    try {
      if (related) return this.search.relatedVerses(q, translation, limit, { wordNet: false }).results.map((r) => r.reference);
      const results = this.search.search({ q, translation, limit, offset: 0 }).results;
      // A verse found by the question's other words alone ("cross", "sea") does not name the person asked about.
      const names = naming?.map((n) => n.toLowerCase());
      const named = names ? results.filter((r) => tokenize(r.text).some((t) => names.includes(t.term))) : results;
      return named.map((r) => r.reference);
    } catch {
      return [];
    }
  }
}

// Capitalised words that are not the names of people or places a question is about.
const NOT_NAMES = new Set(
  'i god jesus lord christ christian christians church bible scripture scriptures holy spirit ghost what who whom whose why how when where which is are was were did does do can could should would will the a an in on of and or but if my'.split(
    ' ',
  ),
);
// "X begat David": a father named in the genealogies' own words.
const KIN: Record<string, (name: string) => string> = { father: (name) => `"begat ${name}"` };

/**
 * The searches a question naming a person or place calls for, most specific first: "David's father"
 * → "father of David", "begat David", then the name with the question's other content words.
 */
function namedSearches(question: string): { query: string; group: string; names?: readonly string[] }[] {
  const words = question.replace(CITED, ' ').split(/\s+/);
  const names: string[] = [];
  const searches: { query: string; group: string; names?: readonly string[] }[] = [];
  words.forEach((raw, i) => {
    const m = /^[“"(]?([A-Z][a-z]+)(['’]s?)?[”"),.?!;:]*$/.exec(raw);
    if (!m || NOT_NAMES.has(m[1]!.toLowerCase()) || (i === 0 && !m[2])) return;
    const name = m[1]!;
    if (!names.includes(name)) names.push(name);
    const owned = m[2] ? words[i + 1]?.toLowerCase().replace(/[^a-z]/g, '') : undefined;
    if (owned && !STOP.has(owned)) {
      const group = `What Scripture says of ${name}’s ${owned}`;
      searches.push({ query: `"${owned} of ${name}"`, group });
      const kin = KIN[owned];
      if (kin) searches.push({ query: kin(name), group });
    }
  });
  if (names.length === 0) return [];
  const others = contentWords(question).filter((w) => !names.some((n) => n.toLowerCase() === w));
  searches.push({ query: [...names, ...others].slice(0, 8).join(' '), group: `Passages naming ${names.join(' and ')}`, names });
  return searches;
}

/**
 * The line saying why a topic's passage is in an answer, in the words of the source that put it there:
 * Selah's own note on the passage, with the topic named as its source, or the Nave's sub-heading.
 */
function whyListed(topic: Topic, reference: string): { why: string; source?: string } {
  if (!topic.source) {
    const note = TOPIC_NOTES[topic.name]?.[reference];
    return note ? { why: note, source: `From Selah’s topic “${topic.name}”.` } : { why: `Listed under Selah’s topic “${topic.name}”.` };
  }
  const line = topic.lines?.[reference];
  return { why: `Nave’s Topical Bible, ${topic.source}${line ? `: ${line.replace(/[.:;,]+$/, '')}` : ''}.` };
}

/** The words of a text that may carry its subject. */
function contentWords(text: string): string[] {
  return tokenize(text)
    .map((t) => t.term)
    .filter((w) => w.length > 2 && !STOP.has(w));
}

/**
 * Topics by how many of their words the text uses: a word of four letters or more matches as the
 * start of a word ("anxi" → "anxious"), shorter ones ("job", "sad") and phrases only whole.
 */
export function rankTopics(text: string): Topic[] {
  const all = ` ${tokenize(text)
    .map((t) => t.term)
    .join(' ')} `;
  // A phrase speaks for its words: "sick of me" is not about sickness, so its words match nothing else.
  const phrases = TOPIC_WORDS.flatMap((t) => t.words).filter((w) => w.includes(' ') && all.includes(` ${w} `));
  const joined = phrases.reduce((rest, phrase) => rest.replaceAll(` ${phrase} `, ' | '), all);
  const terms = joined.split(' ').filter(Boolean);
  const uses = (word: string) =>
    word.includes(' ') ? phrases.includes(word) : word.length <= 3 ? joined.includes(` ${word} `) : terms.some((t) => t.startsWith(word));
  return TOPIC_WORDS.map(({ topic, words }) => ({ topic, score: words.filter(uses).length }))
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((t) => t.topic);
}

function overlap(a: PassageRange, b: PassageRange): boolean {
  if (a.book !== b.book) return false;
  const start = (r: PassageRange) => r.chapter * 1000 + (r.verse ?? 0);
  const end = (r: PassageRange) => r.endChapter * 1000 + (r.endVerse ?? 999);
  return start(a) <= end(b) && start(b) <= end(a);
}
