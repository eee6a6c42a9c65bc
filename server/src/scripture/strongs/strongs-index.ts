import { LRUCache } from 'lru-cache';
import type { CanonBook } from '#common/scripture/canon.ts';
import type { LoadedTranslation } from '../store/bible-store.ts';

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

  constructor(translation: LoadedTranslation) {
    const allTexts = translation.allTexts();
    for (const book of translation.books) {
      for (const chapter of book.chapters) {
        const chapterTexts = allTexts?.[chapter.index] ?? chapter.texts;
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
    }
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
const indexes = new LRUCache<LoadedTranslation, StrongsIndex>({ max: 4 });

/** The translation's index, built on first use and shared by the word study and search. */
export function strongsIndexOf(translation: LoadedTranslation): StrongsIndex {
  let index = indexes.get(translation);
  if (!index) indexes.set(translation, (index = new StrongsIndex(translation)));
  return index;
}
