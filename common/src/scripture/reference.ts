import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';
import { bookByOsis, findBookExact, type CanonBook } from './canon.ts';

/** A contiguous span of verses. A missing verse means "the whole chapter" at that end. */
export interface PassageRange {
  book: CanonBook;
  chapter: number;
  verse?: number;
  endChapter: number;
  endVerse?: number;
}

let parser: bcv_parser | undefined;
function getParser(): bcv_parser {
  if (!parser) {
    parser = new bcv_parser(english);
    parser.set_options({
      osis_compaction_strategy: 'bcv',
      consecutive_combination_strategy: 'separate',
      sequence_combination_strategy: 'separate',
      book_alone_strategy: 'first_chapter',
      passage_existence_strategy: 'bcv',
      testaments: 'ona',
    });
  }
  return parser;
}

interface ParserPoint {
  b: string;
  c: number;
  v: number;
}
interface ParserEntity {
  osis: string;
  indices: [number, number];
  entities: { type: string; start: ParserPoint; end: ParserPoint }[];
}

function toRange(start: ParserPoint, end: ParserPoint, type: string): PassageRange | undefined {
  const book = bookByOsis(start.b);
  if (!book || bookByOsis(end.b) !== book) return undefined;
  // "bc" and "b" mean a whole chapter (a book is narrowed to its first chapter): no verse bounds. In
  // one-chapter books the parser also says "bc" for "Jude 5", a single verse: it starts past verse 1.
  const whole = (type === 'bc' || type === 'b') && start.v === 1 && (end.c > start.c || end.v > 1);
  return {
    book,
    chapter: start.c,
    verse: whole ? undefined : start.v,
    endChapter: end.c,
    endVerse: whole ? undefined : end.v,
  };
}

/**
 * Every reference found in free text: "John 3:16-18", "1 Cor 13:4-7", "Psalm 23", "jn 3 16".
 * Cross-book ranges are dropped (nothing in the reader shows them).
 */
export function findReferences(text: string): { range: PassageRange; start: number; end: number }[] {
  const parsed = getParser().parse(text).osis_and_indices() as unknown as ParserEntity[];
  const out: { range: PassageRange; start: number; end: number }[] = [];
  const entities = getParser().parsed_entities() as unknown as { entities: { type: string; start: ParserPoint; end: ParserPoint }[] }[];
  parsed.forEach((p, i) => {
    for (const e of entities[i]?.entities ?? []) {
      const range = toRange(e.start, e.end, e.type);
      if (range) out.push({ range, start: p.indices[0], end: p.indices[1] });
    }
  });
  return out;
}

/** Parses text that is a reference as a whole; undefined when it is anything else ("love", "I am the way"). */
export function parseReference(text: string): PassageRange | undefined {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > 100) return undefined;
  const found = findReferences(trimmed);
  if (found.length !== 1) return undefined;
  const [only] = found;
  const leftover = (trimmed.slice(0, only!.start) + trimmed.slice(only!.end)).replace(/[\s.,;:]+/g, '');
  return leftover ? undefined : only!.range;
}

/** "John 3:16", "John 3:16-18", "John 3", "Genesis 1:1-2:3". */
export function formatReference(range: PassageRange): string {
  const { book, chapter, verse, endChapter, endVerse } = range;
  if (verse === undefined) return endChapter === chapter ? `${book.name} ${chapter}` : `${book.name} ${chapter}-${endChapter}`;
  if (endChapter !== chapter) return `${book.name} ${chapter}:${verse}-${endChapter}:${endVerse}`;
  if (endVerse === undefined || endVerse === verse) return `${book.name} ${chapter}:${verse}`;
  return `${book.name} ${chapter}:${verse}-${endVerse}`;
}

/**
 * A book as written in a URL or by a person: the spec's names ("Song of Solomon", "1 Corinthians"),
 * "Psalm" for "Psalms" (spec §2), OSIS and USFM codes, compact names and common abbreviations.
 */
export function resolveBook(name: string): CanonBook | undefined {
  const cleaned = name.trim().replace(/\+/g, ' ').replace(/\s+/g, ' ');
  if (!cleaned || cleaned.length > 40) return undefined;
  const exact = findBookExact(cleaned);
  if (exact) return exact;
  if (/^psalm$/i.test(cleaned)) return findBookExact('Psalms');
  // Let the parser read abbreviations ("jn", "1 cor", "Rev") by giving it a chapter to anchor on.
  const found = findReferences(`${cleaned} 1`);
  return found.length === 1 && found[0]!.start === 0 ? found[0]!.range.book : undefined;
}

// --- References as Selah writes them ("John 3:16", "John 3:16-18, 20"): read and written without the
// parser above, so the browser, which only ever meets its own references, never loads it.

/** "John 3:16" → "John 3": the chapter part, before the colon. */
export function chapterOfReference(reference: string): string {
  return reference.split(':')[0]!;
}

/** "John 3:16" → 16; undefined for a chapter reference or anything else. */
export function verseOfReference(reference: string): number | undefined {
  const m = /^.+ \d+:(\d+)$/.exec(reference);
  return m ? Number(m[1]) : undefined;
}

/**
 * The verses a reference names within one chapter: "John 3:16-18, 20" in "John 3" → 16, 17, 18, 20.
 * A whole-chapter reference, another chapter, or a malformed or outsized range names none.
 */
export function versesInChapter(reference: string, chapterReference: string): number[] {
  const [chapterPart, versePart] = reference.split(':');
  if (chapterPart !== chapterReference || !versePart) return [];
  const verses: number[] = [];
  for (const range of versePart.split(',')) {
    const [from, to = from] = range.split(/[-–]/).map((n) => Number.parseInt(n.trim(), 10));
    if (!Number.isFinite(from) || !Number.isFinite(to) || to! < from! || to! - from! > 200) continue;
    for (let v = from!; v <= to!; v++) verses.push(v);
  }
  return verses;
}

/** "16–18, 20": verse numbers as ranges, for labels and references. */
export function verseRanges(verses: readonly number[]): [number, number][] {
  const sorted = [...new Set(verses)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const v of sorted) {
    const last = ranges.at(-1);
    if (last && v === last[1] + 1) last[1] = v;
    else ranges.push([v, v]);
  }
  return ranges;
}

/** "John 3:16", "John 3:16-18", "John 3:16-18, 20" (the en dash is for people, the hyphen for the API). */
export function selectionReference(book: string, chapter: number, verses: readonly number[], dash = '–'): string {
  const parts = verseRanges(verses).map(([a, b]) => (a === b ? `${a}` : `${a}${dash}${b}`));
  return `${book} ${chapter}:${parts.join(', ')}`;
}

/** One contiguous range from the first to the last verse (what the compare API takes). */
export function spanReference(book: string, chapter: number, verses: readonly number[]): string {
  const sorted = [...verses].sort((a, b) => a - b);
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  return first === last ? `${book} ${chapter}:${first}` : `${book} ${chapter}:${first}-${last}`;
}
