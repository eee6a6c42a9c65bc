/**
 * How BIBLE_MEMORY_MB is shared between what the translations read lately keep: their plain texts
 * (searched, quoted, compared), their search indexes, and their chapters prepared as replies. Each
 * part gives back its least recently used when full; a text, index or chapter is rebuilt from the
 * translation's pack file when asked again. Texts take the most: every other part is built from them.
 */
export interface MemoryBudget {
  texts: number;
  searchIndexes: number;
  preparedChapters: number;
}

export function shareMemory(bytes: number): MemoryBudget {
  return { texts: Math.round(bytes * 0.45), searchIndexes: Math.round(bytes * 0.35), preparedChapters: Math.round(bytes * 0.2) };
}

/** For stores that live only to import (a child process, the CLI): nothing they hold outlives the import. */
export const IMPORT_BUDGET = shareMemory(256 * 1024 ** 2);
