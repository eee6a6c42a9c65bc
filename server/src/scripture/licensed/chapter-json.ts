import type { CanonBook } from '#common/scripture/canon.ts';
import { plainText } from '#common/scripture/content.ts';
import { formatVerseReference, verseId } from '#common/scripture/verse-id.ts';
import type { VerseItem } from '#common/contracts/bible.ts';
import { BibleCollector, type TextStyle } from '../importers/files/collector.ts';
import { markerRole } from '../importers/files/usfm-markers.ts';
import type { ApiContentNode } from './api-bible-protocol.ts';

/**
 * API.Bible's JSON chapter content is USX turned into JSON: `para` tags carry a USFM paragraph style
 * (p, q1, q2, s1, d, b …), `verse` tags a number, `char` tags a character style (wj, add, nd …) and
 * `note` tags a footnote or cross-reference. The styles mean what they mean in USFM, so the walk
 * below asks the USFM importer's marker table what each does and feeds the same collector: a licensed
 * chapter comes out in exactly the structure a local one has.
 */
export function chapterVerses(book: CanonBook, chapter: number, content: readonly ApiContentNode[], warn?: (message: string) => void): VerseItem[] {
  const collector = new BibleCollector(warn);
  collector.beginFile(`API.Bible ${book.usfm}.${chapter}`, () => undefined);
  collector.startBook(book.osis);
  collector.startChapter(String(chapter));
  for (const node of content) block(collector, node);
  const verses = collector.finish('API.Bible chapter')[0]?.verses ?? [];
  return verses
    .filter((v) => v.chapter === chapter)
    .map((v) => ({
      verseId: verseId(book, chapter, v.verse),
      reference: formatVerseReference(book, chapter, v.verse),
      verse: v.verse,
      verseNum: v.verse,
      text: plainText(v.content),
      content: v.content,
    }));
}

const styleOf = (node: ApiContentNode): string => (typeof node.attrs?.style === 'string' ? node.attrs.style : '');

/** The plain text under a node, leaving out the parts a note repeats (its origin reference). */
function textOf(node: ApiContentNode): string {
  if (node.type === 'text' || node.text !== undefined) return node.text ?? '';
  const role = node.name === 'char' ? markerRole(styleOf(node)) : undefined;
  if (role && ((role.role === 'notePart' && role.drop) || (role.role === 'character' && role.drop))) return '';
  return (node.items ?? []).map(textOf).join('');
}

function block(collector: BibleCollector, node: ApiContentNode): void {
  if (node.name !== 'para') return inline(collector, node, {});
  const role = markerRole(styleOf(node));
  switch (role?.role) {
    case 'heading':
      collector.queue({ type: 'heading', kind: role.kind, text: textOf(node) });
      return;
    case 'skip':
    case 'name':
    case 'book':
      return;
    case 'line':
      collector.queue({ type: 'line', indent: role.indent });
      break;
    case 'stanza':
      collector.queue({ type: 'stanza' });
      break;
    default:
      collector.queue({ type: 'paragraph' });
  }
  for (const item of node.items ?? []) inline(collector, item, {});
}

function inline(collector: BibleCollector, node: ApiContentNode, style: TextStyle): void {
  if (node.type === 'text' || (node.name === undefined && node.text !== undefined)) {
    collector.text(node.text ?? '', style);
    return;
  }
  switch (node.name) {
    case 'verse': {
      const number = typeof node.attrs?.number === 'string' ? node.attrs.number : '';
      // "1-2": joined verses are stored as the first, as the USFM importer does.
      const first = /^\s*(\d+)/.exec(number)?.[1];
      if (first) collector.startVerse(first);
      return;
    }
    case 'note': {
      const kind = markerRole(styleOf(node));
      collector.footnote(textOf(node), kind?.role === 'note' ? kind.kind : 'footnote');
      return;
    }
    case 'char': {
      const role = markerRole(styleOf(node));
      if (role?.role === 'character' && role.drop) return;
      const inner = role?.role === 'character' && role.style ? { ...style, ...role.style } : style;
      for (const item of node.items ?? []) inline(collector, item, inner);
      return;
    }
    case 'para':
      block(collector, node);
      return;
    default:
      // Other tags (refs, figures' captions' wrappers, milestones) keep their text.
      for (const item of node.items ?? []) inline(collector, item, style);
  }
}
