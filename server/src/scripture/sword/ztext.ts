import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ImportError } from '../importers/types.ts';
import type { SwordModule } from './discover.ts';
import { LruCache } from '../../lib/lru.ts';
import { compressionOf, decodeEntry, decompress, readRange, type SwordCompression } from './storage.ts';
import { getVersification, recordIndex, type Testament, type Versification, type VersificationBook } from './versification.ts';

/**
 * Reader for SWORD's compressed verse-keyed modules: zText (Bibles) and zCom (commentaries), plus their
 * "4" variants. Per testament (ot.*, nt.*), with X the BlockType's letter (b = BOOK, c = CHAPTER, the
 * default, v = VERSE):
 *   .Xzv  one record per verse slot (see versification.ts): u32 block, u32 offset, then a u16 size
 *         (10-byte records) or, for zText4/zCom4, a u32 size (12-byte records);
 *   .Xzs  one 12-byte record per block: u32 offset and u32 size in .Xzz, u32 inflated size;
 *   .Xzz  the compressed blocks (a book, chapter or verse of text each), by CompressType (storage.ts).
 * All integers are little-endian.
 */
export interface VerseEntry {
  /** 0 for the book intro. */
  chapter: number;
  /** 0 for a book or chapter intro. */
  verse: number;
  /** Raw markup as stored (OSIS, ThML, GBF … as the .conf's SourceType says); '' when empty. */
  markup: string;
  /**
   * Same stored text as the previous non-empty entry: SWORD links verse slots a translation joins
   * ("vv. 1-2") and commentary entries that cover a range.
   */
  linked: boolean;
}

interface TestamentFiles {
  index: Buffer; // .Xzv
  recordSize: 10 | 12;
  records: number;
  blocks: Buffer; // .Xzs
  dataPath: string; // .Xzz
}

const PREFIX: Record<Testament, string> = { 1: 'ot', 2: 'nt' };

/** The letter SWORD puts in the file names for each BlockType. */
const BLOCK_LETTERS: Record<string, string> = { BOOK: 'b', CHAPTER: 'c', VERSE: 'v' };

export class ZVerseReader {
  private readonly files = new Map<Testament, TestamentFiles | null>();
  private readonly cache = new LruCache<string, Buffer>(4);

  private constructor(
    readonly module: SwordModule,
    readonly versification: Versification,
    private readonly blockLetter: string,
    private readonly compression: SwordCompression,
  ) {}

  /** Opens a zText/zText4/zCom/zCom4 module; files are read lazily, per testament. */
  static open(module: SwordModule): ZVerseReader {
    if (!/^(ztext|zcom)4?$/i.test(module.driver)) {
      throw new ImportError(module.name, 'ModDrv', `${module.driver} is not a zText or zCom module`);
    }
    if (module.conf.get('CipherKey') !== undefined) {
      throw new ImportError(module.name, 'CipherKey', 'enciphered modules are not supported');
    }
    let v11n: Versification;
    try {
      v11n = getVersification(module.conf.get('Versification'));
    } catch (e) {
      throw new ImportError(module.name, 'Versification', (e as Error).message);
    }
    const blockLetter = blockLetterOf(module);
    return new ZVerseReader(module, v11n, blockLetter, compressionOf(module));
  }

  /** Whether the versification has this book (SWORD's OSIS id) at all; it may still be empty. */
  hasBook(osis: string): boolean {
    return this.versification.book(osis) !== undefined;
  }

  /**
   * Raw markup of one entry: chapter 0 is the book intro, verse 0 a chapter intro. '' for an empty
   * slot or a place the versification does not have.
   */
  readEntry(osis: string, chapter: number, verse: number): string {
    const book = this.versification.book(osis);
    const index = book && recordIndex(book, chapter, verse);
    if (!book || index === undefined) return '';
    return this.readRecord(book.testament, index).markup;
  }

  /** Every entry of a book in record order, intros included when asked (the OSIS converter needs them). */
  *bookEntries(osis: string, options: { intros?: boolean } = {}): Generator<VerseEntry> {
    const book = this.versification.book(osis);
    if (!book) return;
    let previous: string | undefined;
    const entry = (chapter: number, verse: number, index: number): VerseEntry => {
      const { markup, location } = this.readRecord(book.testament, index);
      const linked = location !== undefined && location === previous;
      if (location !== undefined) previous = location;
      return { chapter, verse, markup, linked };
    };
    const intro = entry(0, 0, book.start);
    if (options.intros) yield intro;
    for (let c = 1; c <= book.verseCounts.length; c++) {
      const start = book.chapterStarts[c - 1]!;
      const chapterIntro = entry(c, 0, start);
      if (options.intros) yield chapterIntro;
      for (let v = 1; v <= book.verseCounts[c - 1]!; v++) yield entry(c, v, start + v);
    }
  }

  /** The verses of a book (no intros), empty ones included. */
  *verses(osis: string): Generator<VerseEntry> {
    yield* this.bookEntries(osis, { intros: false });
  }

  /**
   * For commentaries, whose entries cover ranges: the entry at this verse or, when it is empty, the
   * nearest non-empty one before it in the same book (MHCC's John 3:1 entry covers John 3:16).
   */
  commentaryEntry(osis: string, chapter: number, verse: number): VerseEntry | undefined {
    const book = this.versification.book(osis);
    const target = book && recordIndex(book, chapter, verse);
    if (!book || target === undefined) return undefined;
    const t = book.testament;
    for (let index = target; index > book.start; index--) {
      const { markup, location } = this.readRecord(t, index);
      // A chapter intro holding only a <chapter> milestone is not a comment.
      if (!markup.replace(/<[^>]*>/g, '').trim()) continue;
      // Slots linked to this text name the range; its first slot is where the comment belongs.
      let first = index;
      while (first - 1 > book.start && this.readRecord(t, first - 1).location === location) first--;
      return { ...placeOf(book, first), markup, linked: false };
    }
    return undefined;
  }

  private testament(t: Testament): TestamentFiles | null {
    let files = this.files.get(t);
    if (files === undefined) {
      files = this.loadTestament(t);
      this.files.set(t, files);
    }
    return files;
  }

  private loadTestament(t: Testament): TestamentFiles | null {
    const base = join(this.module.dataPath, PREFIX[t]);
    const [zv, zs, zz] = ['v', 's', 'z'].map((kind) => `${base}.${this.blockLetter}z${kind}`) as [string, string, string];
    // A module may cover one testament only; the other's files are then missing.
    if (!existsSync(zv) || !existsSync(zs) || !existsSync(zz)) return null;
    const index = readFileSync(zv);
    const expected = this.versification.recordCounts[t - 1]!;
    // Decide the record size by the file, not the .conf: Debian's MHCC says zCom4 over zCom files.
    let recordSize: 10 | 12;
    if (index.length === expected * 10) recordSize = 10;
    else if (index.length === expected * 12) recordSize = 12;
    else {
      // osis2mod writes one record per slot of the versification, so any other size means the module
      // was built for another versification: read in this one, every verse would land in the wrong place.
      throw new ImportError(
        zv,
        'whole file',
        `${index.length} bytes do not fit versification ${this.versification.name}, ` +
          `which has ${expected} records of 10 or 12 bytes in this testament (${expected * 10} or ${expected * 12} bytes)`,
      );
    }
    return { index, recordSize, records: index.length / recordSize, blocks: readFileSync(zs), dataPath: zz };
  }

  /** Markup of a record, and a key for where its text lives (undefined when empty). */
  private readRecord(t: Testament, index: number): { markup: string; location?: string } {
    const files = this.testament(t);
    if (!files || index >= files.records) return { markup: '' };
    const at = index * files.recordSize;
    const block = files.index.readUInt32LE(at);
    const offset = files.index.readUInt32LE(at + 4);
    const size = files.recordSize === 12 ? files.index.readUInt32LE(at + 8) : files.index.readUInt16LE(at + 8);
    if (size === 0) return { markup: '' };
    const data = this.block(t, files, block);
    if (offset + size > data.length) {
      throw new ImportError(files.dataPath, `record ${index}`, `entry runs past the end of block ${block}`);
    }
    const markup = decodeEntry(data.subarray(offset, offset + size), this.module.conf.encoding, files.dataPath);
    return { markup, location: `${block}:${offset}:${size}` };
  }

  private block(t: Testament, files: TestamentFiles, block: number): Buffer {
    const key = `${t}:${block}`;
    let data = this.cache.get(key);
    if (!data) {
      if ((block + 1) * 12 > files.blocks.length) {
        throw new ImportError(files.dataPath, `block ${block}`, 'block index out of range');
      }
      const offset = files.blocks.readUInt32LE(block * 12);
      const size = files.blocks.readUInt32LE(block * 12 + 4);
      const place = `block ${block}`;
      data = decompress(readRange(files.dataPath, offset, size), this.compression, files.dataPath, place);
      this.cache.set(key, data);
    }
    return data;
  }
}

/**
 * BlockType names the files (CHAPTER when missing, as in SWORD). A value SWORD does not know, or files
 * of another block type, would otherwise read as an empty module.
 */
function blockLetterOf(module: SwordModule): string {
  const value = module.conf.get('BlockType');
  const named = value ?? 'CHAPTER';
  const letter = BLOCK_LETTERS[named.trim().toUpperCase()];
  if (!letter) throw new ImportError(module.name, 'BlockType', `${named} is not a SWORD block type (BOOK, CHAPTER or VERSE)`);
  for (const prefix of Object.values(PREFIX)) {
    if (existsSync(join(module.dataPath, `${prefix}.${letter}zv`))) continue;
    const other = Object.values(BLOCK_LETTERS).find((l) => existsSync(join(module.dataPath, `${prefix}.${l}zv`)));
    if (other) {
      const said = value === undefined ? `${named} (the default)` : named;
      throw new ImportError(module.name, 'BlockType', `${said} means ${prefix}.${letter}zv, but the module has ${prefix}.${other}zv`);
    }
  }
  return letter;
}

function placeOf(book: VersificationBook, index: number): { chapter: number; verse: number } {
  if (index === book.start) return { chapter: 0, verse: 0 };
  let c = book.chapterStarts.length;
  while (c > 1 && book.chapterStarts[c - 1]! > index) c--;
  return { chapter: c, verse: index - book.chapterStarts[c - 1]! };
}
