import type { CanonBook } from '#common/scripture/canon.ts';
import { findReferences, formatReference, resolveBook, type PassageRange } from '#common/scripture/reference.ts';
import { tokenize } from '#common/scripture/tokenize.ts';
import type { CheckedReference } from '#common/contracts/ai.ts';
import type { LoadedTranslation } from '../../scripture/store/bible-store.ts';
import type { BibleService } from '../bible/bible.service.ts';
import { countOf, en } from '#common/text/plural.ts';

/**
 * A reference found in an answer, checked against the store: where it is written (UTF-16 offsets,
 * end exclusive), its status, the passage as Selah writes it, the reader link and the store's text
 * (verified and misquoted ones), and for the others the problem in words a reader understands.
 */
export type { CheckedReference };

// "Hezekiah 3:16", "Psalm 151", "1 Maccabees 2:1": a capitalised name (two words at most, or "X of Y")
// and a chapter, with an optional verse and range. Used for what the parser does not take as a reference.
const REFERENCE_SHAPE = /\b((?:[1-3] ?)?[A-Z][a-z]+(?: of [A-Z][a-z]+| [A-Z][a-z]+)?) (\d{1,3})(?::(\d{1,3})(?:[-–](\d{1,3}))?)?\b/g;
// A quotation: straight or curly double quotes around at least three words.
const QUOTATION = /["“]([^"“”]{8,600})["”]/g;
// How far a quotation and the reference it is attributed to may stand apart: `"…" (John 3:16)`,
// `"…" — John 3:16`, `John 3:16 says, "…"`.
const ATTRIBUTION_GAP = 14;

/** A place in an answer that is, or tries to be, a reference: its passage, or why it names none. */
interface Candidate {
  written: string;
  start: number;
  end: number;
  range?: PassageRange;
  /** Set when no book has the name ("Hezekiah 3:16"). */
  problem?: string;
}

/** Every reference written in an answer, in the order found (the parser's, then the looser shape's). */
function candidates(answer: string): Candidate[] {
  const found: Candidate[] = [];
  const taken = (start: number, end: number) => found.some((r) => start < r.end && end > r.start);
  for (const { range, start, end } of findReferences(answer)) {
    // A book named alone ("so", "Job", "Acts") is a word in a sentence, not a reference to check.
    if (taken(start, end) || !/\d/.test(answer.slice(start, end))) continue;
    const written = answer.slice(start, end);
    found.push({ written, start, end, range: writtenVerses(written, range) });
  }
  for (const m of answer.matchAll(REFERENCE_SHAPE)) {
    const [whole, captured, chapter, verse, endVerse] = m;
    // The pattern may take the word before the name too ("As Hezekiah 3:16"): without it, if it names no book.
    const shorter = /^[A-Z][a-z]+ ([A-Z][a-z]+)$/.exec(captured!)?.[1];
    const name = shorter && !resolveBook(captured!) ? shorter : captured!;
    const start = m.index + (captured!.length - name.length);
    const end = m.index + whole!.length;
    const written = answer.slice(start, end);
    if (taken(start, end)) continue;
    const book = resolveBook(name);
    // A bare "Word 3" that names no book is ordinary prose ("Chapter 3", "Step 2"); with a verse it
    // is an attempt at a reference, and an invalid one.
    if (!book && verse === undefined) continue;
    if (!book) {
      found.push({ written, start, end, problem: `There is no book called ${name} in the Bible.` });
      continue;
    }
    const c = Number(chapter);
    const v = verse === undefined ? undefined : Number(verse);
    found.push({ written, start, end, range: { book, chapter: c, verse: v, endChapter: c, endVerse: endVerse === undefined ? v : Number(endVerse) } });
  }
  return found;
}

/** The chapters an answer's references point into (for fetching a licensed text's before checking). */
export function referencedChapters(answer: string): { book: CanonBook; chapter: number }[] {
  return candidates(answer).flatMap(({ range }) =>
    range ? Array.from({ length: Math.min(range.endChapter - range.chapter + 1, 3) }, (_, i) => ({ book: range.book, chapter: range.chapter + i })) : [],
  );
}

/**
 * Finds every reference in an answer and checks it against the store for the requested translation
 * (a code, or a translation at hand such as a view of a licensed text's chapters): the book, chapter
 * and verses must exist. A quotation attributed to a reference must match its text in some
 * translation here (case, punctuation and accents aside), else it is flagged as a misquote; with
 * `misquotes: false` quotations are not judged (the words quoted are from a text not at hand).
 */
export function checkReferences(
  answer: string,
  translationCode: string | LoadedTranslation,
  bible: BibleService,
  options: { misquotes?: boolean } = {},
): CheckedReference[] {
  const translation = typeof translationCode === 'string' ? bible.translation(translationCode) : translationCode;
  const found: CheckedReference[] = [];
  const ranges = new Map<CheckedReference, PassageRange>();
  for (const c of candidates(answer)) {
    const base = { written: c.written, start: c.start, end: c.end };
    const checked: CheckedReference = c.range
      ? checkRange(c.written, c.start, c.end, c.range, translation, bible)
      : { ...base, status: 'invalid', problem: c.problem };
    found.push(checked);
    if (c.range) ranges.set(checked, c.range);
  }
  if (options.misquotes !== false) markMisquotes(answer, ranges, bible, translation);
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The parser fits a range to the verses that exist ("Genesis 1:30-40" becomes 1:30-31); what was
 * written is what must be checked, so the verses of a one-chapter reference are read back from it.
 */
function writtenVerses(written: string, range: PassageRange): PassageRange {
  if (range.endChapter !== range.chapter || (written.match(/:/g) ?? []).length !== 1) return range;
  const m = /(\d{1,3}):(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?/.exec(written);
  if (!m || Number(m[1]) !== range.chapter) return range;
  const verse = Number(m[2]);
  return { ...range, verse, endVerse: m[3] === undefined ? verse : Number(m[3]) };
}

function checkRange(written: string, start: number, end: number, range: PassageRange, t: LoadedTranslation, bible: BibleService): CheckedReference {
  const reference = formatReference(range);
  const base = { written, start, end, reference };
  const problem = existenceProblem(range, t);
  if (problem) return { ...base, status: 'invalid', problem };
  const verses = bible.passageVerses(t, range);
  return { ...base, status: 'verified', href: readerHref(range, t.code), text: verses.map((v) => v.text).join(' ') };
}

/** Why a passage is not in a translation, or undefined when every part of it is there. */
function existenceProblem(range: PassageRange, t: LoadedTranslation): string | undefined {
  const book = t.book(range.book);
  if (!book) return `${range.book.name} is not in the ${t.code} translation.`;
  const last = book.chapterNumbers.at(-1)!;
  for (const c of [range.chapter, range.endChapter]) {
    if (!book.chapter(c)) return `${range.book.name} has ${countOf(last, en('chapter'))}; there is no chapter ${c}.`;
  }
  for (const [c, v] of [
    [range.chapter, range.verse],
    [range.endChapter, range.endVerse],
  ] as const) {
    if (v === undefined) continue;
    const numbers = book.chapter(c)!.verseNumbers;
    if (!numbers.includes(v)) return `${range.book.name} ${c} has ${numbers.at(-1)} verses; there is no verse ${v}.`;
  }
  if (range.endChapter < range.chapter || (range.endChapter === range.chapter && (range.endVerse ?? 0) < (range.verse ?? 0))) {
    return `${formatReference(range)} runs backwards.`;
  }
  return undefined;
}

function readerHref(range: PassageRange, translation: string): string {
  const query = new URLSearchParams({ book: range.book.name, chapter: String(range.chapter) });
  if (range.verse !== undefined) query.set('verse', String(range.verse));
  query.set('translation', translation);
  return `/bible?${query}`;
}

/** Flags verified references whose attributed quotation is in no installed translation's text. */
function markMisquotes(answer: string, ranges: Map<CheckedReference, PassageRange>, bible: BibleService, translation: LoadedTranslation): void {
  const found = [...ranges.keys()];
  for (const q of answer.matchAll(QUOTATION)) {
    const qStart = q.index;
    const qEnd = qStart + q[0].length;
    const ref = found.find(
      (r) => r.status === 'verified' && ((r.start >= qEnd && r.start - qEnd <= ATTRIBUTION_GAP) || (r.end <= qStart && qStart - r.end <= ATTRIBUTION_GAP)),
    );
    if (!ref || quotedInSomeTranslation(q[1]!, ranges.get(ref)!, bible, translation)) continue;
    ref.status = 'misquoted';
    ref.problem = `The words quoted are not the text of ${ref.reference} in any translation here.`;
  }
}

function quotedInSomeTranslation(quotation: string, range: PassageRange, bible: BibleService, answeredIn: LoadedTranslation): boolean {
  // An ellipsis leaves words out: each part must be in the passage, in order.
  const parts = quotation
    .split(/…|\.\.\./)
    .map(words)
    .filter((p) => p.length > 0);
  if (parts.length === 0) return true;
  // The text answered in first (it is almost always the one quoted; it may be a licensed one, not
  // stored here, whose chapters at hand count too), then every other: each costs a chapter's inflate.
  const translations = [answeredIn, ...bible.localTranslations().filter((t) => t !== answeredIn)];
  return translations.some((t) => {
    const passage = ` ${words(
      bible
        .passageVerses(t, range)
        .map((v) => v.text)
        .join(' '),
    )} `;
    let from = 0;
    for (const part of parts) {
      const at = passage.indexOf(` ${part} `, from);
      if (at < 0) return false;
      from = at + part.length;
    }
    return true;
  });
}

function words(text: string): string {
  return tokenize(text)
    .map((t) => t.term)
    .join(' ');
}

/**
 * An answer's references checked in the translation it is in. A licensed text's chapters the answer
 * cites are fetched (or read from what is kept) first; when they cannot be had, the references are
 * checked in the default local text, and its quotations, which are the licensed text's, are not judged.
 */
export async function checkAnswer(answer: string, translationCode: string, bible: BibleService): Promise<CheckedReference[]> {
  const licensed = bible.licensedTranslation(translationCode);
  if (!licensed) return checkReferences(answer, translationCode, bible);
  const view = await bible.licensed!.view(licensed, referencedChapters(answer));
  return view ? checkReferences(answer, view, bible) : checkReferences(answer, bible.translation(undefined), bible, { misquotes: false });
}

/**
 * A stored answer checked again: in the translation it was answered in while that is offered here, else
 * in the default one (a translation can be removed after the answer was stored).
 */
export async function checkStoredAnswer(
  answer: string,
  translationCode: string,
  bible: BibleService,
): Promise<{ translation: string; references: CheckedReference[] }> {
  const translation = bible.hasTranslation(translationCode) ? translationCode : bible.translation(undefined).code;
  return { translation, references: await checkAnswer(answer, translation, bible) };
}

/**
 * The AI's verify step over the Bible module's store: the one object the orchestration (ai.service.ts)
 * checks answers through, and the Bible-side choices only the AI makes.
 */
export class ReferenceCheck {
  constructor(private readonly bible: BibleService) {}

  /** An answer's references, checked in the translation it is in (a licensed one's chapters fetched first). */
  answer(text: string, translationCode: string): Promise<CheckedReference[]> {
    return checkAnswer(text, translationCode, this.bible);
  }

  /** The references in a text (a model's suggestions for a search), checked in a local translation. */
  text(text: string, translationCode: string): CheckedReference[] {
    return checkReferences(text, translationCode, this.bible);
  }

  /**
   * The local translation that stands in for a licensed one where the AI needs the whole text at hand
   * (retrieval, quotations, checks): the default. Others are themselves; unknown ones 404.
   */
  localFor(code: string | undefined): LoadedTranslation {
    return this.bible.translation(code && this.bible.isLicensed(code) ? undefined : code);
  }
}
