import { SaxesParser } from 'saxes';

import { compactNodes, type TextNode, type VerseNode } from '#common/scripture/content.ts';
import { addBlock, styledText } from '../importers/files/collector.ts';
import { OsisMapper, type OsisBookTitles, type OsisMapperOptions } from './osis-mapper.ts';

export type OsisConverterOptions = OsisMapperOptions;

type Mode = 'intro' | 'verse';

/**
 * OSIS → VerseNode[], one verse at a time, as SWORD stores it: each verse is a fragment, and
 * milestones (`<q sID/>…<q eID/>`, `<l sID/>`, `<lg sID/>`, `<div sID/>`, `<chapter sID/>`) open in
 * one verse and close in a later one. So the converter keeps that state across the verses of a book:
 * make one per book and feed it every entry in order, intros included. What the markup means is
 * decided by OsisMapper, which the OSIS file importer shares; this class cuts its output into verses.
 *
 * Text nodes keep the source's whitespace; the plain text of a verse is what plainText() makes of
 * them. Notes and headings never enter the plain text.
 */
export class OsisConverter {
  private readonly parser: SaxesParser;
  private readonly mapper: OsisMapper;
  private bookTitles: OsisBookTitles = {};
  /** The verse being read, then the block starts and headings that wait for the next verse's text. */
  private out: VerseNode[] = [];
  private mode: Mode = 'verse';

  constructor(options: OsisConverterOptions = {}) {
    this.mapper = new OsisMapper(
      {
        // An intro's text and notes are not verse text, not even the notes of a heading it passes on.
        text: (text, style) => {
          if (this.mode === 'verse') this.out.push(styledText(text, style));
        },
        block: (node) => addBlock(this.out, node),
        heading: (node, notes) => this.out.push(node, ...(this.mode === 'verse' ? notes : [])),
        note: (node) => {
          if (this.mode === 'verse') this.out.push(node);
        },
        bookTitles: (titles) => {
          this.bookTitles = titles;
        },
      },
      options,
    );
    this.parser = new SaxesParser({ position: false });
    Object.assign(this.parser.ENTITIES, { nbsp: '\u00a0', ndash: '–', mdash: '—', hellip: '…', para: '¶' });
    // SWORD fragments are not always well-formed; saxes reports and carries on, and so do we.
    this.parser.on('error', () => undefined);
    this.parser.on('opentag', (tag) => this.mapper.open(tag));
    this.parser.on('closetag', (tag) => this.mapper.close(tag));
    this.parser.on('text', (text) => this.mapper.text(text));
  }

  /**
   * A book or chapter intro. Its headings and block starts (a Psalm 119 letter, the first `<lg>`,
   * the paragraph opened before verse 1) are kept for the next verse; its text is not verse text.
   */
  intro(markup: string): void {
    this.feed(markup, 'intro');
  }

  /** One verse. Returns [] for an empty verse, whose pending block starts then go to the next. */
  verse(markup: string): VerseNode[] {
    this.feed(markup, 'verse');
    return this.finishVerse();
  }

  /** Book names from the intro: `\h` as name, `\toc1` (or the main titles) as the long name. */
  get titles(): OsisBookTitles {
    return this.bookTitles;
  }

  private feed(markup: string, mode: Mode): void {
    if (!markup) return;
    this.mode = mode;
    this.mapper.startFragment();
    this.parser.write(`<r>${repairFragment(markup)}</r>`);
    this.parser.close();
  }

  private finishVerse(): VerseNode[] {
    const nodes = this.out;
    let end = nodes.length;
    while (end > 0 && !isContent(nodes[end - 1]!)) end--;
    if (end === 0) return []; // nothing but block starts and headings: they wait for the next verse
    // Block starts and headings after the last text belong before the next verse's text.
    this.out = nodes.slice(end).filter((n) => n.type !== 'text');
    const verse = nodes.slice(0, end);
    trimEdges(verse);
    return compactNodes(verse);
  }
}

const TAG = /<(\/?)([A-Za-z_][\w:.-]*)(?:\s[^<>]*?)?(\/?)>/g;

/**
 * Makes a stored fragment parseable without changing well-formed ones: converts USFM character
 * markers a converter left raw (the KJV module has `\nd LORD\+nd*` and `\nd <w>…</w></divineName>`),
 * escapes bare ampersands, drops end tags that close nothing and closes what is left open. saxes
 * would otherwise end the wrapper element at the first stray end tag and read the rest as loose text.
 */
export function repairFragment(markup: string): string {
  let s = markup;
  if (s.includes('\\')) {
    s = s
      .replace(/\\\+?nd\*/g, '</divineName>')
      .replace(/\\\+?nd\s/g, '<divineName>')
      .replace(/\\\+?[a-z]+\d*\*?\s?/g, '');
  }
  if (s.includes('&')) s = s.replace(/&(?![A-Za-z][\w.-]*;|#\d+;|#x[\dA-Fa-f]+;)/g, '&amp;');
  const open: string[] = [];
  let out = '';
  let last = 0;
  let changed = false;
  for (const m of s.matchAll(TAG)) {
    const [tag, slash, name, selfClosing] = m as unknown as [string, string, string, string];
    if (selfClosing) continue;
    if (!slash) {
      open.push(name);
      continue;
    }
    const at = open.lastIndexOf(name);
    if (at >= 0 && at === open.length - 1) {
      open.pop();
      continue;
    }
    changed = true;
    out += s.slice(last, m.index);
    last = m.index + tag.length;
    if (at >= 0) {
      while (open.length > at) out += `</${open.pop()}>`;
    }
  }
  if (!changed && open.length === 0) return s;
  out += s.slice(last);
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** One fragment with no state before or after it: tests, single-verse lookups. */
export function osisToNodes(markup: string, options?: OsisConverterOptions): VerseNode[] {
  return new OsisConverter(options).verse(markup);
}

function isContent(node: VerseNode): boolean {
  return node.type === 'note' || (node.type === 'text' && node.text.trim() !== '');
}

/** Drops whitespace before the verse's first text and after its last one. */
function trimEdges(nodes: VerseNode[]): void {
  const first = nodes.findIndex((n) => n.type === 'text' && n.text.trim() !== '');
  const lastIndex = nodes.findLastIndex((n) => n.type === 'text' && n.text.trim() !== '');
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i]!;
    if (n.type !== 'text') continue;
    if (i < first || i > lastIndex) {
      if (n.text.trim() === '') nodes.splice(i, 1);
    }
  }
  const f = nodes.find((n): n is TextNode => n.type === 'text');
  if (f) f.text = f.text.trimStart();
  const l = nodes.findLast((n): n is TextNode => n.type === 'text');
  if (l) l.text = l.text.trimEnd();
}
