import { describe, expect, it } from 'vitest';
import { offlineBook, type OfflineBook, type VerseItem } from '../contracts/bible.ts';
import { findBookExact } from './canon.ts';
import type { VerseNode } from './content.ts';
import { offlineChapter, offlineVerses } from './offline-book.ts';
import { formatVerseReference, verseId } from './verse-id.ts';

const JOHN = findBookExact('John')!;

function verse(chapter: number, number: number, content: VerseNode[], verseNum = number): VerseItem {
  const text = content.flatMap((n) => (n.type === 'text' ? [n.text] : [])).join('');
  return { verseId: verseId(JOHN, chapter, number), reference: formatVerseReference(JOHN, chapter, number), verse: number, verseNum, text, content };
}

// John 3:16–17 as a text with Strong's numbers, red letters, a supplied word, a heading and a note.
const VERSES = [
  verse(3, 16, [
    { type: 'paragraph' },
    { type: 'text', text: 'For ', wordsOfJesus: true },
    { type: 'text', text: 'God', wordsOfJesus: true, strongs: ['G2316'] },
    { type: 'text', text: ' so loved ', wordsOfJesus: true, strongs: ['G3779', 'G25'] },
    { type: 'text', text: 'the world', wordsOfJesus: true, strongs: ['G2889'] },
    { type: 'note', text: 'Or, the whole world', kind: 'footnote' },
    { type: 'text', text: ', that he gave his only begotten ', wordsOfJesus: true },
    { type: 'text', text: 'Son', wordsOfJesus: true, supplied: true },
  ]),
  verse(
    3,
    17,
    [
      { type: 'heading', text: 'Not to condemn', kind: 'section' },
      { type: 'text', text: 'For God sent not his Son' },
    ],
    18,
  ),
];

const BOOK: OfflineBook = {
  format: 1,
  translation: { code: 'KJV', name: 'King James Version', direction: 'ltr', copyright: 'Public domain' },
  book: 'John',
  chapters: [
    { chapter: 3, verses: offlineVerses(VERSES) },
    { chapter: 21, verses: offlineVerses([verse(21, 25, [{ type: 'text', text: 'Amen.' }])]) },
  ],
};

// The translation's book list: Mark and Acts on either side, John with the two chapters kept.
const BOOKS = [
  { englishName: 'Mark', chapters: [1, 16] },
  { englishName: 'John', chapters: [3, 21] },
  { englishName: 'Acts', chapters: [1, 2] },
];

describe('a book kept for offline reading', () => {
  it('keeps a plain text node as its text, drops Strong’s numbers and joins the runs they split', () => {
    const [first, second] = BOOK.chapters[0]!.verses;
    expect(first).toEqual([
      16,
      [
        { type: 'paragraph' },
        { type: 'text', text: 'For God so loved the world', wordsOfJesus: true },
        { type: 'note', text: 'Or, the whole world', kind: 'footnote' },
        { type: 'text', text: ', that he gave his only begotten ', wordsOfJesus: true },
        { type: 'text', text: 'Son', wordsOfJesus: true, supplied: true },
      ],
    ]);
    // A printed number other than the verse's own is kept; a plain run is a string.
    expect(second).toEqual([17, [{ type: 'heading', text: 'Not to condemn', kind: 'section' }, 'For God sent not his Son'], 18]);
    expect(offlineBook.parse(BOOK)).toEqual(BOOK);
  });

  it('gives back the reader’s chapter as the server answers it, less Strong’s numbers', () => {
    const chapter = offlineChapter(BOOK, 3, BOOKS)!;
    // Every field but the nodes is the server's own; the nodes are the same text and formatting in fewer runs.
    expect(chapter.verses[0]!.content).toEqual([
      { type: 'paragraph' },
      { type: 'text', text: 'For God so loved the world', wordsOfJesus: true },
      { type: 'note', text: 'Or, the whole world', kind: 'footnote' },
      { type: 'text', text: ', that he gave his only begotten ', wordsOfJesus: true },
      { type: 'text', text: 'Son', wordsOfJesus: true, supplied: true },
    ]);
    expect(chapter.verses[1]!.content).toEqual(VERSES[1]!.content);
    expect(chapter.verses.map(({ content: _, ...v }) => v)).toEqual(VERSES.map(({ content: _, ...v }) => v));
    expect(chapter).toMatchObject({
      translation: 'KJV',
      translationName: 'King James Version',
      direction: 'ltr',
      book: 'John',
      bookId: 'JHN',
      chapter: 3,
      reference: 'John 3',
      redirect: false,
      copyright: 'Public domain',
      // The translation's own chapters: Mark 16 before, John 21 after (chapters 4–20 are not in it).
      previous: { book: 'Mark', chapter: 16 },
      next: { book: 'John', chapter: 21 },
    });
    expect(offlineChapter(BOOK, 21, BOOKS)).toMatchObject({ previous: { book: 'John', chapter: 3 }, next: { book: 'Acts', chapter: 1 } });
  });

  it('has no chapter the book does not keep', () => {
    expect(offlineChapter(BOOK, 4, BOOKS)).toBeUndefined();
    expect(offlineChapter({ ...BOOK, book: 'Nowhere' }, 3, BOOKS)).toBeUndefined();
  });
});
