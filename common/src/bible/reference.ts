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
