import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { plainText } from '#common/scripture/content.ts';
import type { CanonBook } from '#common/scripture/canon.ts';
import { formatVerseReference, verseId } from '#common/scripture/verse-id.ts';
import type { VerseItem } from '#common/contracts/bible.ts';
import type { ImportedBook } from '../importers/types.ts';

/** Bump when the stored shape changes; older texts are then imported again from their source. */
export const TEXT_FORMAT_VERSION = 2;

/**
 * A translation's text as stored in the database and held in memory: one buffer with
 *   [u32 header length][header JSON][deflated plain texts][deflated chapter 1][deflated chapter 2]…
 * Each chapter is its API verse items (id, reference, number, text, structure), compressed on its own,
 * so a loaded translation is a few MB of compressed bytes addressed by offset, and a chapter reply is
 * built from one small inflate. Plain texts (for search and compare) are one block of their own.
 */
export interface PackHeader {
  books: { osis: string; name: string; nameLong: string; chapters: PackChapter[] }[];
  texts: { offset: number; length: number };
}

export interface PackChapter {
  number: number;
  verses: number[];
  offset: number;
  length: number;
}

export function encodeTranslationText(books: readonly ImportedBook[], canonOf: (osis: string) => CanonBook): Buffer {
  const blobs: Buffer[] = [];
  let offset = 0;
  const add = (data: string): { offset: number; length: number } => {
    // Level 6, not 9: a third of the time for 2–4 % more bytes (the SWORD KJV's chapters: 0.55 s and
    // 5.11 MB against 1.37 s and 5.00 MB), on every import a first start or the library makes.
    const blob = deflateRawSync(Buffer.from(data), { level: 6 });
    blobs.push(blob);
    const at = { offset, length: blob.length };
    offset += blob.length;
    return at;
  };
  const texts: string[][] = [];
  const header: PackHeader = { books: [], texts: { offset: 0, length: 0 } };
  for (const book of books) {
    const canon = canonOf(book.osis);
    const byChapter = new Map<number, ImportedBook['verses']>();
    for (const v of book.verses) byChapter.set(v.chapter, [...(byChapter.get(v.chapter) ?? []), v]);
    const chapters: PackChapter[] = [];
    for (const [number, verses] of [...byChapter].sort(([a], [b]) => a - b)) {
      const items: VerseItem[] = verses.map((v) => {
        const text = plainText(v.content);
        return {
          verseId: verseId(canon, number, v.verse),
          reference: formatVerseReference(canon, number, v.verse),
          verse: v.verse,
          verseNum: v.verse,
          text,
          content: v.content,
        };
      });
      texts.push(items.map((i) => i.text));
      chapters.push({ number, verses: verses.map((v) => v.verse), ...add(JSON.stringify(items)) });
    }
    header.books.push({ osis: canon.osis, name: book.name ?? canon.name, nameLong: book.nameLong ?? book.name ?? canon.name, chapters });
  }
  header.texts = add(JSON.stringify(texts));
  const headerBytes = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  return Buffer.concat([length, headerBytes, ...blobs]);
}

export interface DecodedPack {
  header: PackHeader;
  /** Plain texts per chapter, in header order. */
  texts: string[][];
  /** The compressed chapter of a header entry (a view into the pack, not a copy). */
  chapter(entry: PackChapter): Buffer;
}

export function decodeTranslationText(pack: Buffer): DecodedPack {
  const headerLength = pack.readUInt32LE(0);
  const header = readPackHeader(pack.subarray(4, 4 + headerLength));
  const base = 4 + headerLength;
  const slice = (at: { offset: number; length: number }) => pack.subarray(base + at.offset, base + at.offset + at.length);
  return { header, texts: inflateTexts(slice(header.texts)), chapter: slice };
}

export function readPackHeader(bytes: Buffer): PackHeader {
  return JSON.parse(bytes.toString('utf8')) as PackHeader;
}

/** The plain-texts block: every chapter's verse texts, in header order. */
export function inflateTexts(block: Buffer): string[][] {
  return JSON.parse(inflateRawSync(block).toString('utf8')) as string[][];
}

export function inflateChapter(blob: Buffer): VerseItem[] {
  return JSON.parse(inflateRawSync(blob).toString('utf8')) as VerseItem[];
}
