import type { VerseItem } from '#common/contracts/bible.ts';
import { resolveBook } from '#common/scripture/reference.ts';
import { formatVerseReference, verseId } from '#common/scripture/verse-id.ts';
import { BibleService } from '../src/modules/bible/bible.service.ts';
import { BibleStore, LoadedBook, LoadedChapter, LoadedTranslation } from '../src/scripture/store/bible-store.ts';

/** One verse of a fixture translation: book, chapter, verse, text. */
export type FixtureVerse = [book: string, chapter: number, verse: number, text: string];

/**
 * The real Bible service over small translations made of the verses given, for service-tier tests of
 * the modules built on it (pictures, shares): no import, no database, a few verses each.
 */
export function fixtureBible(translations: Record<string, FixtureVerse[]>): { bible: BibleService; store: BibleStore } {
  const store = new BibleStore();
  for (const [code, verses] of Object.entries(translations)) store.put(fixtureTranslation(code, verses));
  return { bible: new BibleService(store), store };
}

export function fixtureTranslation(code: string, verses: FixtureVerse[]): LoadedTranslation {
  const books = new Map<string, Map<number, VerseItem[]>>();
  for (const [name, chapter, verse, text] of verses) {
    const book = resolveBook(name);
    if (!book) throw new Error(`fixtureTranslation: no book called ${name}`);
    const chapters = books.get(book.name) ?? books.set(book.name, new Map()).get(book.name)!;
    const items = chapters.get(chapter) ?? chapters.set(chapter, []).get(chapter)!;
    items.push({
      verseId: verseId(book, chapter, verse),
      reference: formatVerseReference(book, chapter, verse),
      verse,
      verseNum: verse,
      text,
      content: [{ type: 'text', text }],
    });
  }
  return new LoadedTranslation(
    { code, name: `${code} test text`, language: 'en', languageName: 'English', category: 'Word-for-Word', direction: 'ltr', licence: 'Public Domain' },
    [...books].map(
      ([name, chapters]) =>
        new LoadedBook(
          resolveBook(name)!,
          name,
          name,
          [...chapters].map(([number, items]) => LoadedChapter.of(number, items)),
        ),
    ),
  );
}
