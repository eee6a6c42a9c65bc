import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPackHeader, type PackHeader } from './translation-text.ts';
import type { TranslationRow } from './translation.repository.ts';
import type { TranslationFacts } from './bible-store.ts';

const PACK = '.pack';
const FACTS = '.facts.json';
const PRUNE_AFTER_MS = 10 * 60_000;
const STAGING = '.staging-';

/**
 * This process's copies of the translation packs the database holds, one file each under
 * `<DATA_DIR>/packs`, so that a translation costs no memory until it is read: its header (books,
 * chapters, verse numbers, offsets) is read at start, a chapter is one positioned read of a few KB,
 * and its plain texts are inflated only when searched or quoted (bible-store.ts keeps them under a
 * budget). A file is named by what it holds (code, fingerprint, format and import time), so a
 * re-imported text is a new file and every process sharing the folder agrees on each name.
 */
export class PackShelf {
  constructor(readonly folder: string) {
    mkdirSync(folder, { recursive: true });
  }

  fileOf(row: Pick<TranslationRow, 'code' | 'fingerprint' | 'formatVersion' | 'importedAt'>): string {
    const identity = createHash('sha256').update(`${row.fingerprint}\n${row.formatVersion}\n${row.importedAt.getTime()}`).digest('base64url').slice(0, 16);
    return join(this.folder, `${row.code}.${identity}${PACK}`);
  }

  has(file: string): boolean {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  }

  /** Writes a pack whole or not at all (a process reading the folder never sees half a file). */
  put(file: string, pack: Buffer): void {
    const staging = `${file}${STAGING}${process.pid}-${Date.now()}`;
    writeFileSync(staging, pack);
    renameSync(staging, file);
  }

  open(file: string): { pack: PackFile; header: PackHeader } {
    return PackFile.open(file);
  }

  /** What was learnt of a pack by reading it, if a process noted it. */
  factsOf(file: string): TranslationFacts | undefined {
    try {
      const facts = JSON.parse(readFileSync(file + FACTS, 'utf8')) as Partial<TranslationFacts>;
      return typeof facts.redLetters === 'boolean' ? { redLetters: facts.redLetters } : undefined;
    } catch {
      return undefined;
    }
  }

  noteFacts(file: string, facts: TranslationFacts): void {
    this.put(file + FACTS, Buffer.from(JSON.stringify(facts)));
  }

  /**
   * Deletes packs no translation uses any more, and staging files a crash left. Only files older than
   * a few minutes go: another process sharing the folder may have just written one for a translation
   * this one has not heard of yet. A process still reading a deleted pack keeps reading its open file.
   */
  prune(keep: ReadonlySet<string>): void {
    for (const name of readdirSync(this.folder)) {
      const file = join(this.folder, name);
      const pack = name.endsWith(FACTS) ? file.slice(0, -FACTS.length) : file;
      if (!(name.includes(STAGING) || (pack.endsWith(PACK) && !keep.has(pack)))) continue;
      try {
        if (Date.now() - statSync(file).mtimeMs > PRUNE_AFTER_MS) rmSync(file, { force: true });
      } catch {
        // gone meanwhile: another process pruned it
      }
    }
  }
}

/**
 * A pack's descriptor is closed when nothing can read through it any more (its translation was
 * replaced or removed and the last request using it ended), not when the store lets it go.
 */
const descriptors = new FinalizationRegistry<number>((fd) => closeSync(fd));

/**
 * A pack file opened for positioned reads of its blocks. Its header is read once, at open, and given to
 * the caller (who builds the translation's books from it); the file keeps only where each block lies.
 */
export class PackFile {
  private readonly fd: number;
  private readonly base: number;
  private readonly textsAt: { offset: number; length: number };
  private readonly chapterOffsets: Float64Array;
  private readonly chapterLengths: Uint32Array;

  static open(file: string): { pack: PackFile; header: PackHeader } {
    const fd = openSync(file, 'r');
    try {
      const length = Buffer.alloc(4);
      readSync(fd, length, 0, 4, 0);
      const headerBytes = Buffer.alloc(length.readUInt32LE(0));
      readSync(fd, headerBytes, 0, headerBytes.length, 4);
      const header = readPackHeader(headerBytes);
      return { pack: new PackFile(file, fd, 4 + headerBytes.length, header), header };
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  private constructor(
    readonly file: string,
    fd: number,
    base: number,
    header: PackHeader,
  ) {
    this.fd = fd;
    descriptors.register(this, fd);
    this.base = base;
    this.textsAt = header.texts;
    const chapters = header.books.flatMap((b) => b.chapters);
    this.chapterOffsets = Float64Array.from(chapters, (c) => c.offset);
    this.chapterLengths = Uint32Array.from(chapters, (c) => c.length);
  }

  /** The compressed verse items of a chapter, by its place in reading order. */
  chapter(index: number): Buffer {
    return this.read(this.chapterOffsets[index]!, this.chapterLengths[index]!);
  }

  /** The block of every chapter's plain texts. */
  texts(): Buffer {
    return this.read(this.textsAt.offset, this.textsAt.length);
  }

  /**
   * Synchronous on purpose: a chapter is a few KB from the page cache (microseconds), and every reader
   * of the store stays synchronous (a read waits on no other request).
   */
  private read(offset: number, length: number): Buffer {
    const block = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, block, done, length - done, this.base + offset + done);
      if (n === 0) throw new Error(`${this.file} is shorter than its header says`);
      done += n;
    }
    return block;
  }
}
