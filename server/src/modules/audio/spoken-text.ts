import type { VerseItem } from '#common/contracts/bible.ts';

/** One thing read aloud: a title (verse 0) or a verse. */
export interface SpokenSegment {
  verse: number;
  text: string;
}

/**
 * What is read for a chapter, from the store's text: "John, chapter 3." then each verse as a person
 * reads it: no verse numbers, notes or supplied-word marks; a Psalm's title is read, section headings
 * (added by editors) are not.
 */
export function chapterSegments(book: string, chapter: number, verses: readonly VerseItem[]): SpokenSegment[] {
  const title = book === 'Psalms' ? `Psalm ${chapter}.` : `${book}, chapter ${chapter}.`;
  return [{ verse: 0, text: title }, ...verseSegments(verses)];
}

/** The verses of a passage, each as it is read. */
export function verseSegments(verses: readonly VerseItem[]): SpokenSegment[] {
  return verses.map((v) => ({ verse: v.verse, text: spokenVerse(v) })).filter((s) => s.text !== '');
}

function spokenVerse(verse: VerseItem): string {
  const parts: string[] = [];
  for (const node of verse.content) {
    if (node.type === 'text') parts.push(node.text);
    else if (node.type === 'heading' && node.kind === 'psalm') parts.push(`${node.text.replace(/[.:;,]?\s*$/, '')}. `);
    else if (node.type === 'line' || node.type === 'paragraph' || node.type === 'stanza') parts.push(' ');
  }
  return forSpeech(parts.join('') || verse.text);
}

/**
 * Text as a speech engine should see it: "LORD" (small capitals in print) and other words in capitals
 * are read as words, not spelled; marks that are not read are dropped.
 */
export function forSpeech(text: string): string {
  return text
    .replace(/[¶[\]{}<>*]/g, '')
    .replace(/\b([A-Z])([A-Z]{1,})\b/g, (_, first: string, rest: string) => first + rest.toLowerCase())
    .replace(/\s+/g, ' ')
    .trim();
}
