import type { VerseItem } from '#common/contracts/bible.ts';
import type { VerseNode } from '#common/scripture/content.ts';

/** A piece of one verse inside a block; a verse can run across blocks (a poem's lines). */
export interface VerseSegment {
  verse: number;
  /** The verse's first segment carries its number. */
  first: boolean;
  nodes: Exclude<VerseNode, { type: 'paragraph' | 'line' | 'stanza' | 'heading' }>[];
}

export type Block =
  | { kind: 'paragraph'; segments: VerseSegment[] }
  | { kind: 'line'; indent: number; segments: VerseSegment[] }
  | { kind: 'heading'; text: string; style: 'section' | 'psalm' | 'book' }
  | { kind: 'stanza' };

/**
 * Lays a chapter's verses out the way its source has them: prose paragraphs, poetry lines with
 * indents, stanza breaks and headings. A chapter with no layout at all gets one verse per paragraph,
 * which reads better than a wall of text.
 */
export function chapterBlocks(verses: readonly VerseItem[]): Block[] {
  const hasLayout = verses.some((v) => v.content.some((n) => n.type === 'paragraph' || n.type === 'line'));
  const blocks: Block[] = [];
  let current: Extract<Block, { segments: VerseSegment[] }> | undefined;

  for (const verse of verses) {
    let first = true;
    if (!hasLayout) current = undefined;
    for (const node of verse.content) {
      switch (node.type) {
        case 'heading':
          blocks.push({ kind: 'heading', text: node.text, style: node.kind });
          current = undefined;
          break;
        case 'paragraph':
          current = { kind: 'paragraph', segments: [] };
          blocks.push(current);
          break;
        case 'line':
          current = { kind: 'line', indent: node.indent ?? 1, segments: [] };
          blocks.push(current);
          break;
        case 'stanza':
          blocks.push({ kind: 'stanza' });
          current = undefined;
          break;
        default: {
          if (!current) {
            current = { kind: 'paragraph', segments: [] };
            blocks.push(current);
          }
          let segment = current.segments.at(-1);
          if (!segment || segment.verse !== verse.verse) {
            segment = { verse: verse.verse, first, nodes: [] };
            current.segments.push(segment);
            first = false;
          }
          segment.nodes.push(node);
        }
      }
    }
  }
  return blocks.filter((b) => !('segments' in b) || b.segments.length > 0);
}
