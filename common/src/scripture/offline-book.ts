import type { BookEntry, ChapterContent, OfflineBook, VerseItem } from '../contracts/bible.ts';
import { findBookExact, type CanonBook } from './canon.ts';
import { compactNodes, plainText, type VerseNode } from './content.ts';
import { nextChapter, previousChapter, type NavigableBook } from './navigation.ts';
import { formatVerseReference, verseId } from './verse-id.ts';

/**
 * A book of a translation as "Download for offline" moves and keeps it (issue 35): one record per book,
 * carrying only what cannot be worked out again on the device. A verse's id, reference and plain text
 * follow from its book, chapter, number and nodes; a plain text node is its text alone; Strong's numbers
 * stay online, where word study can look them up. The service worker builds the reader's chapter
 * and the offline search's (`offlineChapter`) from it.
 * Its shape is the contract's `offlineBook`, whose `format` goes up when it changes.
 */

type OfflineVerse = OfflineBook['chapters'][number]['verses'][number];
type OfflineNode = OfflineVerse[1][number];

/** A chapter's verses as kept offline: Strong's numbers dropped, the text runs they split joined again. */
export function offlineVerses(verses: readonly VerseItem[]): OfflineVerse[] {
  return verses.map((v) => {
    const nodes = compactNodes(v.content.map((node) => (node.type === 'text' && node.strongs ? withoutStrongs(node) : node)));
    const kept = nodes.map((node) => (node.type === 'text' && Object.keys(node).length === 2 ? node.text : node));
    return v.verseNum === v.verse ? [v.verse, kept] : [v.verse, kept, v.verseNum];
  });
}

function withoutStrongs(node: VerseNode & { type: 'text' }): VerseNode {
  const { strongs: _dropped, ...rest } = node;
  return rest;
}

const nodeOf = (node: OfflineNode): VerseNode => (typeof node === 'string' ? { type: 'text', text: node } : node);

/** A verse as the reader's chapter carries it. */
function verseItem(canon: CanonBook, chapter: number, [verse, kept, verseNum]: OfflineVerse): VerseItem {
  const content = kept.map(nodeOf);
  return {
    verseId: verseId(canon, chapter, verse),
    reference: formatVerseReference(canon, chapter, verse),
    verse,
    verseNum: verseNum ?? verse,
    text: plainText(content),
    content,
  };
}

/**
 * The reader's chapter from a kept book, as the server answers it (less Strong's numbers), with the
 * previous and next chapters of the translation's own book list; undefined when the book lacks it.
 */
export function offlineChapter(book: OfflineBook, chapter: number, books: readonly Pick<BookEntry, 'englishName' | 'chapters'>[]): ChapterContent | undefined {
  const canon = findBookExact(book.book);
  const kept = book.chapters.find((c) => c.chapter === chapter);
  if (!canon || !kept) return undefined;
  const navigation: NavigableBook[] = books.map((b) => ({ name: b.englishName, chapters: b.chapters }));
  const at = { book: canon.name, chapter };
  const { code, name, direction, copyright } = book.translation;
  return {
    translation: code,
    translationName: name,
    direction,
    book: canon.name,
    bookId: canon.usfm,
    chapter,
    reference: `${canon.name} ${chapter}`,
    redirect: false,
    verses: kept.verses.map((v) => verseItem(canon, chapter, v)),
    previous: previousChapter(at, navigation),
    next: nextChapter(at, navigation),
    ...(copyright !== undefined && { copyright }),
  };
}
