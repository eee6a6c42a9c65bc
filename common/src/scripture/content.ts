/**
 * Structured verse content. A verse is a flat list of nodes: block markers (paragraph, poetry line,
 * heading) say where a block begins, text nodes carry inline formatting as flags. Flat lists are easy
 * for importers to emit, for the reader to render, and for search to turn into plain text.
 */
export type VerseNode =
  | TextNode
  | { type: 'note'; text: string; kind: 'footnote' | 'crossref' }
  /** A prose paragraph begins here. */
  | { type: 'paragraph' }
  /** A poetry line begins here; indent 1 is the first level. */
  | { type: 'line'; indent?: number }
  /** A blank line between stanzas of poetry. */
  | { type: 'stanza' }
  /** A heading printed before the text that follows: a section heading or a Psalm title. */
  | { type: 'heading'; text: string; kind: 'section' | 'psalm' | 'book' };

export interface TextNode {
  type: 'text';
  text: string;
  /** Words supplied by the translators (KJV italics). */
  supplied?: true;
  /** Words of Jesus (red letters). */
  wordsOfJesus?: true;
  /** The divine name (LORD in small capitals). */
  divineName?: true;
  /** Strong's numbers for this word, e.g. ["H7225"] or ["G25"]. */
  strongs?: string[];
}

/** Plain text of a verse: the text nodes only, whitespace collapsed. Notes and headings are not part of it. */
export function plainText(nodes: readonly VerseNode[]): string {
  let out = '';
  for (const node of nodes) if (node.type === 'text') out += node.text;
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * Merges adjacent text nodes with identical formatting and drops empty ones, so importers can emit
 * freely and the stored content stays small.
 */
export function compactNodes(nodes: readonly VerseNode[]): VerseNode[] {
  const out: VerseNode[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      if (node.text === '') continue;
      const prev = out.at(-1);
      if (prev?.type === 'text' && sameFormatting(prev, node)) {
        out[out.length - 1] = { ...prev, text: prev.text + node.text };
        continue;
      }
    }
    out.push(node);
  }
  return out;
}

function sameFormatting(a: TextNode, b: TextNode): boolean {
  return a.supplied === b.supplied && a.wordsOfJesus === b.wordsOfJesus && a.divineName === b.divineName && a.strongs === undefined && b.strongs === undefined;
}
