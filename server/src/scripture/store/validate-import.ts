import { bookByOsis } from '#common/scripture/canon.ts';
import { plainText } from '#common/scripture/content.ts';
import { ImportError, TRANSLATION_CATEGORIES, type ImportedBible } from '../importers/types.ts';

export const TRANSLATION_CODE = /^[A-Z0-9]{2,16}$/;

/**
 * Checks an importer's output before anything is written, so a bad source can never replace a good
 * translation. Verses without text are dropped (some sources keep empty slots for moved verses);
 * books, chapters and verses must be known and in order. Returns the number of verses kept.
 */
export function validateImport(bible: ImportedBible, origin: string): number {
  const { meta } = bible;
  if (!TRANSLATION_CODE.test(meta.code)) {
    throw new ImportError(origin, 'translation code', `"${meta.code}" must be 2–16 upper-case letters or digits`);
  }
  if (!meta.name.trim()) throw new ImportError(origin, 'translation name', 'is empty');
  if (!(TRANSLATION_CATEGORIES as readonly string[]).includes(meta.category)) {
    throw new ImportError(origin, 'category', `"${meta.category}" is not one of ${TRANSLATION_CATEGORIES.join(', ')}`);
  }
  const seenBooks = new Set<string>();
  let kept = 0;
  for (const book of bible.books) {
    const canon = bookByOsis(book.osis);
    if (!canon) throw new ImportError(origin, `book ${book.osis}`, 'is not a known book');
    if (seenBooks.has(canon.osis)) throw new ImportError(origin, canon.name, 'appears twice');
    seenBooks.add(canon.osis);
    let last = [0, 0];
    book.verses = book.verses.filter((v) => {
      const place = `${canon.name} ${v.chapter}:${v.verse}`;
      if (!Number.isInteger(v.chapter) || v.chapter < 1 || !Number.isInteger(v.verse) || v.verse < 0) {
        throw new ImportError(origin, place, 'chapter and verse must be positive whole numbers');
      }
      if (v.chapter < last[0]! || (v.chapter === last[0] && v.verse <= last[1]!)) {
        throw new ImportError(origin, place, `comes after ${canon.name} ${last[0]}:${last[1]}`);
      }
      last = [v.chapter, v.verse];
      return plainText(v.content) !== '';
    });
    kept += book.verses.length;
  }
  bible.books = bible.books.filter((b) => b.verses.length > 0);
  if (kept === 0) throw new ImportError(origin, 'whole source', 'no verses found');
  return kept;
}
