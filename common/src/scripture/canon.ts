import { KJV_VERSE_COUNTS } from './canon-verse-counts.ts';

export type Testament = 'OT' | 'NT' | 'DC';

export interface CanonBook {
  /** Position in canonical order, 1-based (66 books, then the deuterocanon from 67). */
  order: number;
  /** English name as the spec puts it in URLs: "Genesis", "Psalms", "Song of Solomon". */
  name: string;
  /** OSIS book id ("Gen", "1Cor"). */
  osis: string;
  /** USFM / Paratext book code ("GEN", "1CO"); used as the book entry id in the API. */
  usfm: string;
  testament: Testament;
  deuterocanonical: boolean;
  /** Chapter count (KJV versification for the 66 books; the common count for the deuterocanon). */
  chapters: number;
  /** Verses per chapter in KJV versification; empty for deuterocanonical books (translation-specific). */
  verseCounts: readonly number[];
}

// [name, OSIS, USFM] in canonical (Protestant) order.
// prettier-ignore
const PROTESTANT: readonly (readonly [string, string, string])[] = [
  ['Genesis', 'Gen', 'GEN'], ['Exodus', 'Exod', 'EXO'], ['Leviticus', 'Lev', 'LEV'], ['Numbers', 'Num', 'NUM'],
  ['Deuteronomy', 'Deut', 'DEU'], ['Joshua', 'Josh', 'JOS'], ['Judges', 'Judg', 'JDG'], ['Ruth', 'Ruth', 'RUT'],
  ['1 Samuel', '1Sam', '1SA'], ['2 Samuel', '2Sam', '2SA'], ['1 Kings', '1Kgs', '1KI'], ['2 Kings', '2Kgs', '2KI'],
  ['1 Chronicles', '1Chr', '1CH'], ['2 Chronicles', '2Chr', '2CH'], ['Ezra', 'Ezra', 'EZR'], ['Nehemiah', 'Neh', 'NEH'],
  ['Esther', 'Esth', 'EST'], ['Job', 'Job', 'JOB'], ['Psalms', 'Ps', 'PSA'], ['Proverbs', 'Prov', 'PRO'],
  ['Ecclesiastes', 'Eccl', 'ECC'], ['Song of Solomon', 'Song', 'SNG'], ['Isaiah', 'Isa', 'ISA'], ['Jeremiah', 'Jer', 'JER'],
  ['Lamentations', 'Lam', 'LAM'], ['Ezekiel', 'Ezek', 'EZK'], ['Daniel', 'Dan', 'DAN'], ['Hosea', 'Hos', 'HOS'],
  ['Joel', 'Joel', 'JOL'], ['Amos', 'Amos', 'AMO'], ['Obadiah', 'Obad', 'OBA'], ['Jonah', 'Jonah', 'JON'],
  ['Micah', 'Mic', 'MIC'], ['Nahum', 'Nah', 'NAM'], ['Habakkuk', 'Hab', 'HAB'], ['Zephaniah', 'Zeph', 'ZEP'],
  ['Haggai', 'Hag', 'HAG'], ['Zechariah', 'Zech', 'ZEC'], ['Malachi', 'Mal', 'MAL'],
  ['Matthew', 'Matt', 'MAT'], ['Mark', 'Mark', 'MRK'], ['Luke', 'Luke', 'LUK'], ['John', 'John', 'JHN'],
  ['Acts', 'Acts', 'ACT'], ['Romans', 'Rom', 'ROM'], ['1 Corinthians', '1Cor', '1CO'], ['2 Corinthians', '2Cor', '2CO'],
  ['Galatians', 'Gal', 'GAL'], ['Ephesians', 'Eph', 'EPH'], ['Philippians', 'Phil', 'PHP'], ['Colossians', 'Col', 'COL'],
  ['1 Thessalonians', '1Thess', '1TH'], ['2 Thessalonians', '2Thess', '2TH'], ['1 Timothy', '1Tim', '1TI'],
  ['2 Timothy', '2Tim', '2TI'], ['Titus', 'Titus', 'TIT'], ['Philemon', 'Phlm', 'PHM'], ['Hebrews', 'Heb', 'HEB'],
  ['James', 'Jas', 'JAS'], ['1 Peter', '1Pet', '1PE'], ['2 Peter', '2Pet', '2PE'], ['1 John', '1John', '1JN'],
  ['2 John', '2John', '2JN'], ['3 John', '3John', '3JN'], ['Jude', 'Jude', 'JUD'], ['Revelation', 'Rev', 'REV'],
];

// Deuterocanonical / apocryphal books: [name, OSIS, USFM, usual chapter count].
// prettier-ignore
const DEUTEROCANON: readonly (readonly [string, string, string, number])[] = [
  ['Tobit', 'Tob', 'TOB', 14], ['Judith', 'Jdt', 'JDT', 16], ['Additions to Esther', 'AddEsth', 'ESG', 16],
  ['Wisdom of Solomon', 'Wis', 'WIS', 19], ['Sirach', 'Sir', 'SIR', 51], ['Baruch', 'Bar', 'BAR', 5],
  ['Letter of Jeremiah', 'EpJer', 'LJE', 1], ['Prayer of Azariah', 'PrAzar', 'S3Y', 1], ['Susanna', 'Sus', 'SUS', 1],
  ['Bel and the Dragon', 'Bel', 'BEL', 1], ['1 Maccabees', '1Macc', '1MA', 16], ['2 Maccabees', '2Macc', '2MA', 15],
  ['3 Maccabees', '3Macc', '3MA', 7], ['4 Maccabees', '4Macc', '4MA', 18], ['Prayer of Manasseh', 'PrMan', 'MAN', 1],
  ['1 Esdras', '1Esd', '1ES', 9], ['2 Esdras', '2Esd', '2ES', 16], ['Psalm 151', 'AddPs', 'PS2', 1],
];

export const CANON: readonly CanonBook[] = [
  ...PROTESTANT.map(([name, osis, usfm], i): CanonBook => ({
    order: i + 1,
    name,
    osis,
    usfm,
    testament: i < 39 ? 'OT' : 'NT',
    deuterocanonical: false,
    chapters: KJV_VERSE_COUNTS[i]!.length,
    verseCounts: KJV_VERSE_COUNTS[i]!,
  })),
  ...DEUTEROCANON.map(([name, osis, usfm, chapters], i): CanonBook => ({
    order: PROTESTANT.length + i + 1,
    name,
    osis,
    usfm,
    testament: 'DC',
    deuterocanonical: true,
    chapters,
    verseCounts: [],
  })),
];

/** The 66 books every reader navigates through. */
export const PROTESTANT_CANON: readonly CanonBook[] = CANON.filter((b) => !b.deuterocanonical);

const byKey = new Map<string, CanonBook>();
for (const book of CANON) {
  for (const key of [book.name, book.osis, book.usfm, compactBookName(book.name)]) byKey.set(normalizeKey(key), book);
}

function normalizeKey(s: string): string {
  return s.toLowerCase().replace(/[\s._-]+/g, '');
}

/** Book name upper-cased with spaces removed, as used in verse ids: "1 Corinthians" → "1CORINTHIANS". */
export function compactBookName(name: string): string {
  return name.toUpperCase().replace(/\s+/g, '');
}

/** Exact lookup by English name, OSIS id, USFM code or compact name (case and spacing ignored). */
export function findBookExact(key: string): CanonBook | undefined {
  return byKey.get(normalizeKey(key));
}

export function bookByOsis(osis: string): CanonBook | undefined {
  return byKey.get(normalizeKey(osis));
}

export function bookByOrder(order: number): CanonBook | undefined {
  return CANON[order - 1];
}

export function verseCount(book: CanonBook, chapter: number): number | undefined {
  return book.verseCounts[chapter - 1];
}

export const KJV_TOTAL_VERSES = KJV_VERSE_COUNTS.reduce((sum, b) => sum + b.reduce((s, n) => s + n, 0), 0);
