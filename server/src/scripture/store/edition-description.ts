import type { LoadedTranslation } from './bible-store.ts';
import { countOf, en } from '#common/text/plural.ts';

const list = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * What one edition of a translation has, in plain words, so a reader can tell two editions apart
 * ("66 books, words of Jesus in red, footnotes, and Strong's numbers" / "With the Apocrypha, without notes
 * or red letters").
 * Notes and Strong's numbers are looked for where every such edition has them (the first chapters of
 * Genesis and the Gospels), so the whole text is not read at every start.
 */
export function describeEdition(translation: LoadedTranslation): string {
  const books = translation.books;
  const canon = books.some((b) => b.canon.deuterocanonical) ? 'with the Apocrypha' : countOf(books.length, en('book'));
  const sample = ['Gen', 'Matt', 'Mark', 'Luke', 'John'].flatMap((osis) => translation.bookByOsis(osis)?.chapters.slice(0, 3) ?? []);
  const nodes = sample.flatMap((chapter) => chapter.verses().flatMap((v) => v.content));
  const extras = [
    translation.summary.redLetters && 'words of Jesus in red',
    nodes.some((n) => n.type === 'note') && 'footnotes',
    nodes.some((n) => n.type === 'text' && n.strongs?.length) && "Strong's numbers",
  ].filter((p): p is string => typeof p === 'string');
  const text = `${canon}, ${extras.length ? list.format(extras) : 'without notes or red letters'}`;
  return text[0]!.toUpperCase() + text.slice(1);
}
