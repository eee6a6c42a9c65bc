import { LRUCache } from 'lru-cache';
import type { TranslationBody } from './bible-store.ts';
import type { PackFile } from './pack-shelf.ts';
import { inflateTexts } from './translation-text.ts';

/** What a string costs V8 beyond its characters (header, and the array slot pointing at it). */
const PER_STRING_BYTES = 24;

/**
 * The plain texts of the translations read lately, under a budget: a text searched, compared or quoted
 * keeps its ~5 MB of strings while it is read, and gives them back to the least recently read ones'
 * readers when the budget is spent. Each is re-read from its pack (one inflate, ~20 ms) when asked again.
 */
export class TextMemory {
  private readonly kept: LRUCache<PackBody, string[][]>;

  constructor(budgetBytes: number) {
    this.kept = new LRUCache({ maxSize: Math.max(1, budgetBytes), sizeCalculation: (texts) => textBytes(texts) });
  }

  textsOf(body: PackBody, read: () => string[][]): string[][] {
    let texts = this.kept.get(body);
    if (!texts) this.kept.set(body, (texts = read()));
    return texts;
  }

  held(body: PackBody): string[][] | undefined {
    return this.kept.get(body);
  }

  /** Bytes held now (for the benchmark and the tests). */
  get heldBytes(): number {
    return this.kept.calculatedSize;
  }
}

/** About what the strings take in memory: one byte a character for ASCII text, else (V8 may store it two bytes a character) two. */
function textBytes(texts: readonly (readonly string[])[]): number {
  let bytes = 1;
  for (const chapter of texts) {
    for (const text of chapter) bytes += PER_STRING_BYTES + (Buffer.byteLength(text) === text.length ? text.length : text.length * 2);
  }
  return bytes;
}

/** A translation read from its pack file: chapters by positioned reads, plain texts through TextMemory. */
export class PackBody implements TranslationBody {
  constructor(
    private readonly pack: PackFile,
    private readonly memory: TextMemory,
  ) {}

  chapter(index: number): Buffer {
    return this.pack.chapter(index);
  }

  texts(): readonly (readonly string[])[] {
    return this.memory.textsOf(this, () => inflateTexts(this.pack.texts()));
  }

  heldTexts(): readonly (readonly string[])[] | undefined {
    return this.memory.held(this);
  }
}
