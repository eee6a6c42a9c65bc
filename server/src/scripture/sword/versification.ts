import { PROTESTANT_CANON } from '#common/scripture/canon.ts';
import { VERSIFICATION_DATA } from './versification-data.ts';

/**
 * SWORD versifications and the record layout of verse-keyed modules (zText, zCom). Each testament
 * file holds, in order: a module header, a testament header, then per book a book intro followed by,
 * per chapter, a chapter intro and the chapter's verses. So Gen 1:1 and Matt 1:1 are both record 4,
 * and one wrong chapter length shifts every later record: the tables come from SWORD itself
 * (derive-versifications.ts) and the tests check them against the installed modules' file sizes.
 */
export type Testament = 1 | 2;

export interface VersificationBook {
  /** SWORD's OSIS id. Mostly CANON's ids; SWORD also has EsthGr, AddDan, 1En, EpLao, Odes, PssSol. */
  readonly osis: string;
  readonly testament: Testament;
  /** Verses in each chapter (index 0 is chapter 1). */
  readonly verseCounts: readonly number[];
  /** Record index of the book intro in its testament file. */
  readonly start: number;
  /** Record index of each chapter's intro (index 0 is chapter 1); verse v of chapter c is chapterStarts[c-1] + v. */
  readonly chapterStarts: readonly number[];
}

export interface Versification {
  readonly name: string;
  /** Books in record order: the first testament's, then the second's. */
  readonly books: readonly VersificationBook[];
  /** Records in each testament file, headers included: [first testament, second testament]. */
  readonly recordCounts: readonly [number, number];
  book(osis: string): VersificationBook | undefined;
}

const kjvCounts = new Map(PROTESTANT_CANON.map((b) => [b.osis, b.verseCounts]));
const cache = new Map<string, Versification>();

/** Names SWORD accepts in a module's `Versification=` entry. */
export function versificationNames(): string[] {
  return Object.keys(VERSIFICATION_DATA);
}

/** SWORD's default when a .conf names none is KJV. Throws for a versification we have no table for. */
export function getVersification(name: string | undefined = 'KJV'): Versification {
  const key = name in VERSIFICATION_DATA ? name : versificationNames().find((n) => n.toLowerCase() === name.toLowerCase());
  if (!key) throw new Error(`unknown SWORD versification "${name}" (known: ${versificationNames().join(', ')})`);
  let v11n = cache.get(key);
  if (!v11n) {
    v11n = buildVersification(key, VERSIFICATION_DATA[key]!);
    cache.set(key, v11n);
  }
  return v11n;
}

function buildVersification(name: string, data: { ot: string; nt: string }): Versification {
  const books: VersificationBook[] = [];
  const recordCounts: [number, number] = [0, 0];
  for (const [testament, spec] of [
    [1, data.ot],
    [2, data.nt],
  ] as const) {
    let index = 2; // after the module and testament headers
    for (const token of spec.split(' ').filter(Boolean)) {
      const [osis, list] = token.split(':') as [string, string | undefined];
      const verseCounts = list ? list.split(',').map(Number) : kjvCounts.get(osis);
      if (!verseCounts) throw new Error(`versification ${name}: no verse counts for ${osis}`);
      const start = index++;
      const chapterStarts = verseCounts.map((n) => {
        const at = index;
        index += 1 + n;
        return at;
      });
      books.push({ osis, testament, verseCounts, start, chapterStarts });
    }
    recordCounts[testament - 1] = index;
  }
  const byOsis = new Map(books.map((b) => [b.osis, b]));
  return { name, books, recordCounts, book: (osis) => byOsis.get(osis) };
}

/**
 * Record index of book/chapter/verse in the book's testament file. Chapter 0 is the book intro
 * (verse must be 0); verse 0 is the chapter intro. Undefined when the place is outside the book.
 */
export function recordIndex(book: VersificationBook, chapter: number, verse: number): number | undefined {
  if (chapter === 0) return verse === 0 ? book.start : undefined;
  const start = book.chapterStarts[chapter - 1];
  const count = book.verseCounts[chapter - 1];
  if (start === undefined || count === undefined || verse < 0 || verse > count) return undefined;
  return start + verse;
}
