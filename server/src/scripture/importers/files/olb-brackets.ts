import type { TextNode, VerseNode } from '#common/scripture/content.ts';
import type { ImportedBook } from '../types.ts';
import { tidyVerse } from './collector.ts';

/**
 * Texts converted from the Online Bible (OLB) keep its conventions in plain text: words the
 * translators supplied in [square brackets] (the KJV's italics), and Psalm titles and epistle
 * subscriptions in <angle brackets>. This turns them into the verse model: supplied text, a Psalm
 * heading (at the start of a verse) or a footnote (elsewhere: the subscriptions are not scripture).
 */
export function applyOlbBrackets(books: ImportedBook[]): void {
  for (const book of books) {
    for (const verse of book.verses) verse.content = olbVerse(verse.content);
  }
}

export function olbVerse(input: readonly VerseNode[]): VerseNode[] {
  const nodes = repairSwallowedTitle(input);
  const out: VerseNode[] = [];
  let depth = 0;
  let angle: { text: string; atStart: boolean } | undefined;
  let seenText = false;

  for (const node of nodes) {
    if (node.type !== 'text') {
      out.push(node);
      continue;
    }
    // The converter doubled some closing brackets with their punctuation: "[cases]:]:" is "[cases]:".
    const source = node.text.replace(/\](\p{P})\]\1/gu, ']$1');
    let run = '';
    const flush = () => {
      if (!run) return;
      if (angle) angle.text += run;
      else {
        const text: TextNode = { ...node, text: run };
        if (depth > 0) text.supplied = true;
        out.push(text);
        if (run.trim()) seenText = true;
      }
      run = '';
    };
    for (const ch of source) {
      if (ch === '[') {
        flush();
        depth++;
      } else if (ch === ']') {
        // A closing bracket without an opening one is a stray in the source; it is dropped.
        flush();
        if (depth > 0) depth--;
      } else if (ch === '<' && !angle) {
        flush();
        angle = { text: '', atStart: !seenText };
      } else if (ch === '>' && angle) {
        flush();
        const text = angle.text.replace(/\s+/g, ' ').trim();
        if (text) {
          if (angle.atStart) out.unshift({ type: 'heading', kind: 'psalm', text });
          else out.push({ type: 'note', kind: 'footnote', text });
        }
        angle = undefined;
      } else {
        run += ch;
      }
    }
    flush();
  }
  // An angle bracket never closed was not markup after all.
  if (angle) out.push({ type: 'text', text: `<${angle.text}` });
  return tidyVerse(out);
}

/**
 * A title whose closing bracket was misplaced to the end of the verse ("<A Song of degrees. LORD,
 * remember David …>" in the KJV's Psalm 132:1) would leave the verse without text; its first
 * sentence is taken as the title instead.
 */
function repairSwallowedTitle(nodes: readonly VerseNode[]): readonly VerseNode[] {
  const texts = nodes.filter((n): n is TextNode => n.type === 'text');
  const only = texts.length === 1 ? texts[0]! : undefined;
  const match = only && /^\s*<([^<>]*?[.!?])\s+([^<>]*)>\s*$/.exec(only.text);
  if (!only || !match) return nodes;
  return nodes.map((n) => (n === only ? { ...only, text: `<${match[1]}> ${match[2]}` } : n));
}
