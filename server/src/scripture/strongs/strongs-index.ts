import { LRUCache } from 'lru-cache';
import type { CanonBook } from '#common/scripture/canon.ts';
import type { LoadedBook, LoadedChapter, LoadedTranslation } from '../store/bible-store.ts';

/** Chapters read between two turns of the event loop (each some milliseconds). */
const CHAPTERS_PER_SLICE = 40;

/** A verse carrying Strong's numbers, with the words that carry each (to mark them in its text). */
export interface StrongsVerse {
  book: CanonBook;
  chapter: number;
  verse: number;
  text: string;
}

/**
 * Which verses of a translation carry each Strong's number (in canon order), read from the verses'
 * stored content once. Empty for a translation without numbers.
 */
export class StrongsIndex {
  readonly verses: StrongsVerse[] = [];
  private readonly byNumber = new Map<string, number[]>();
  /** Per verse, per number, the words carrying it, in order. */
  private readonly words = new Map<StrongsVerse, Map<string, string[]>>();

  /** Adds one chapter's verses (in reading order: call for each chapter of the translation in turn). */
  private add(book: LoadedBook, chapter: LoadedChapter, chapterTexts: readonly string[]): void {
    const texts = new Map(chapter.verseNumbers.map((v, i) => [v, chapterTexts[i]!]));
    for (const item of chapter.verses()) {
      let carried: Map<string, string[]> | undefined;
      for (const node of item.content ?? []) {
        if (node.type !== 'text' || !node.strongs?.length) continue;
        carried ??= new Map();
        for (const number of node.strongs) {
          const list = carried.get(number);
          if (list) list.push(node.text);
          else carried.set(number, [node.text]);
        }
      }
      if (!carried) continue;
      const verse = { book: book.canon, chapter: chapter.number, verse: item.verse, text: texts.get(item.verse) ?? item.text };
      const at = this.verses.push(verse) - 1;
      this.words.set(verse, carried);
      for (const number of carried.keys()) {
        const list = this.byNumber.get(number);
        if (list) list.push(at);
        else this.byNumber.set(number, [at]);
      }
    }
  }

  /**
   * Reads every chapter's content (about a second for a whole Bible), a few dozen chapters at a time,
   * giving other requests their turn in between: the first word study of a translation does not stall
   * the readers of every other.
   */
  static async build(translation: LoadedTranslation): Promise<StrongsIndex> {
    const building = StrongsIndex.slices(translation);
    for (let step = building.next(); ; step = building.next()) {
      if (step.done) return step.value;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The same, at once (for a caller that cannot wait: a search asked without being prepared). */
  static buildNow(translation: LoadedTranslation): StrongsIndex {
    const building = StrongsIndex.slices(translation);
    for (let step = building.next(); ; step = building.next()) if (step.done) return step.value;
  }

  /** Builds the index, pausing after each slice of chapters. */
  private static *slices(translation: LoadedTranslation): Generator<void, StrongsIndex> {
    const index = new StrongsIndex();
    const allTexts = translation.allTexts();
    let sinceBreak = 0;
    for (const book of translation.books) {
      for (const chapter of book.chapters) {
        index.add(book, chapter, allTexts?.[chapter.index] ?? chapter.texts);
        if (++sinceBreak === CHAPTERS_PER_SLICE) {
          sinceBreak = 0;
          yield;
        }
      }
    }
    return index;
  }

  /** The verses carrying the number (stored form, "G26"), in canon order. */
  carrying(number: string): readonly StrongsVerse[] {
    return (this.byNumber.get(number) ?? []).map((i) => this.verses[i]!);
  }

  /** Offsets (UTF-16, end exclusive) in the verse's text of the words carrying the number. */
  matchesIn(verse: StrongsVerse, number: string): { start: number; end: number }[] {
    const words = this.words.get(verse)?.get(number) ?? [];
    const matches: { start: number; end: number }[] = [];
    let from = 0;
    for (const raw of words) {
      const word = raw.replace(/\s+/g, ' ').trim();
      if (!word) continue;
      const start = verse.text.indexOf(word, from);
      if (start < 0) continue;
      matches.push({ start, end: start + word.length });
      from = start + word.length;
    }
    return matches;
  }
}

/**
 * Keyed by the store's object: a translation re-imported or removed is a new object (or none), so its
 * old index goes with it. Few texts carry Strong's numbers and a word study stays in one of them, so
 * the last few indexes are kept (each is some MB) however many translations are installed.
 */
const built = new LRUCache<LoadedTranslation, StrongsIndex>({ max: 4 });
/** Builds under way: requests that ask meanwhile share them. */
const building = new Map<LoadedTranslation, Promise<StrongsIndex>>();

/** The translation's index, built on first use (in slices) and shared by the word study and search. */
export function strongsIndexOf(translation: LoadedTranslation): Promise<StrongsIndex> {
  const ready = built.get(translation);
  if (ready) return Promise.resolve(ready);
  let pending = building.get(translation);
  if (!pending) {
    pending = StrongsIndex.build(translation).then((index) => {
      built.set(translation, index);
      return index;
    });
    building.set(translation, pending);
    void pending.finally(() => building.delete(translation)).catch(() => {});
  }
  return pending;
}

/** The index if built, else built now: for a synchronous caller (an index prepared by strongsIndexOf is found here). */
export function strongsIndexNow(translation: LoadedTranslation): StrongsIndex {
  let index = built.get(translation);
  if (!index) built.set(translation, (index = StrongsIndex.buildNow(translation)));
  return index;
}
