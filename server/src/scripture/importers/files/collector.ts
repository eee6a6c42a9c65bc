import { bookByOsis, type CanonBook } from '#common/scripture/canon.ts';
import { compactNodes, type TextNode, type VerseNode } from '#common/scripture/content.ts';
import { ImportError, type ImportedBook } from '../types.ts';

/** Inline formatting in effect for a run of text. */
export interface TextStyle {
  supplied?: boolean;
  wordsOfJesus?: boolean;
  divineName?: boolean;
  strongs?: readonly string[];
}

/** Where a block of the text begins: a paragraph, a poetry line or a stanza break. */
export type BlockNode = Extract<VerseNode, { type: 'paragraph' | 'line' | 'stanza' }>;
export type NoteNode = Extract<VerseNode, { type: 'note' }>;

/** A text node carrying `style` as flags. */
export function styledText(text: string, style: TextStyle): TextNode {
  const node: TextNode = { type: 'text', text };
  if (style.supplied) node.supplied = true;
  if (style.wordsOfJesus) node.wordsOfJesus = true;
  if (style.divineName) node.divineName = true;
  if (style.strongs?.length) node.strongs = [...style.strongs];
  return node;
}

/**
 * Adds a block start to `nodes`, the nodes since the last verse text, unless that break is already
 * there: sources often mark one break twice (a paragraph div and a ¶; `\q1` then `\b` with no text
 * between; `<lb type="x-p"/>` and a new `<lg>`). A line that never got text gives way to the block
 * that follows it.
 */
export function addBlock(nodes: VerseNode[], node: BlockNode): void {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const prev = nodes[i]!;
    if (prev.type === 'text' && prev.text.trim() === '') continue;
    if (prev.type === 'paragraph' && node.type !== 'line') return;
    if (prev.type === 'stanza' && node.type === 'stanza') return;
    // A heading already separates what follows it from what comes before.
    if (prev.type === 'heading' && node.type === 'stanza') return;
    if (prev.type === 'line') {
      if (node.type === 'line') {
        nodes[i] = node;
        return;
      }
      nodes.splice(i, 1);
      continue;
    }
    if (prev.type !== 'paragraph' && prev.type !== 'stanza') break;
  }
  nodes.push(node);
}

interface VerseState {
  chapter: number;
  verse: number;
  nodes: VerseNode[];
  hasText: boolean;
}

interface BookState {
  canon: CanonBook;
  file: string;
  name?: string;
  nameLong?: string;
  verses: Map<string, VerseState>;
}

/**
 * Collects what a format reader finds, in reading order, into books and verses. It owns the rules
 * that are the same for every format: where block markers and headings land (at the start of the
 * verse whose text follows them), which text is verse text (only text inside a verse), and what
 * counts as malformed (a verse outside a chapter, a bad number, an unknown book).
 */
export class BibleCollector {
  private readonly books = new Map<string, BookState>();
  private file = '';
  private position: () => string | undefined = () => undefined;
  private book: BookState | undefined;
  private skipping = false;
  private chapter = 0;
  private verse: VerseState | undefined;
  /** Text of a "verse 0", which some sources use for a Psalm title. */
  private title: string | undefined;
  /** Block markers, headings and their notes waiting for the text they stand before. */
  private pending: VerseNode[] = [];

  constructor(private readonly warn: (message: string) => void = () => {}) {}

  /** Starts reading a file; `position` says where the reader is in it ("12:5"). */
  beginFile(file: string, position: () => string | undefined): void {
    this.closeBook();
    this.file = file;
    this.position = position;
  }

  /** "12:5 (Gen 1:3)": the reader's position and the reference being read, whichever are known. */
  place(): string {
    const position = this.position();
    const reference = this.reference();
    if (position && reference) return `${position} (${reference})`;
    return position ?? reference ?? 'start of file';
  }

  fail(detail: string): never {
    throw new ImportError(this.file, this.place(), detail);
  }

  warnHere(message: string): void {
    this.warn(`${this.file}: ${this.place()}: ${message}`);
  }

  private reference(): string | undefined {
    if (!this.book) return undefined;
    const osis = this.book.canon.osis;
    if (!this.chapter) return osis;
    return this.verse ? `${osis} ${this.chapter}:${this.verse.verse}` : `${osis} ${this.chapter}`;
  }

  /** The canon book being read, if any (Zefania needs its testament for bare Strong's numbers). */
  get currentBook(): CanonBook | undefined {
    return this.book?.canon;
  }

  get skippingBook(): boolean {
    return this.skipping;
  }

  startBook(osis: string): void {
    this.closeBook();
    const canon = bookByOsis(osis);
    if (!canon) this.fail(`unknown book id "${osis}"`);
    const earlier = this.books.get(canon.osis);
    if (earlier) this.fail(`${canon.osis} appears a second time (first in ${earlier.file})`);
    this.book = { canon, file: this.file, verses: new Map() };
    this.books.set(canon.osis, this.book);
  }

  /** A book outside the canon (an introduction, a glossary, an unsupported apocryphal book). */
  skipBook(): void {
    this.closeBook();
    this.skipping = true;
  }

  nameBook(name: string | undefined, nameLong: string | undefined): void {
    if (!this.book) return;
    if (name?.trim()) this.book.name = collapse(name).trim();
    if (nameLong?.trim()) this.book.nameLong = collapse(nameLong).trim();
  }

  closeBook(): void {
    this.endChapter();
    this.book = undefined;
    this.skipping = false;
    this.pending = [];
  }

  startChapter(raw: string): void {
    if (this.skipping) return;
    if (!this.book) this.fail(`chapter ${raw} outside any book`);
    this.endChapter();
    this.chapter = this.parseNumber(raw, 'chapter', false);
  }

  /** Headings waiting for the next verse are kept: sources put a section heading before or after `\c`. */
  endChapter(): void {
    this.endVerse();
    this.chapter = 0;
  }

  startVerse(raw: string): void {
    if (this.skipping) return;
    if (!this.book) this.fail(`verse ${raw} outside any book`);
    if (!this.chapter) this.fail(`verse ${raw} outside any chapter`);
    const number = this.parseNumber(raw, 'verse', true);
    this.endVerse();
    if (number === 0) {
      this.title = '';
      return;
    }
    const key = `${this.chapter}:${number}`;
    let verse = this.book.verses.get(key);
    if (verse) {
      this.verse = verse;
      this.warnHere('the verse appears a second time; its texts are joined');
      this.separate(verse);
    } else {
      verse = { chapter: this.chapter, verse: number, nodes: [], hasText: false };
      this.book.verses.set(key, verse);
      this.verse = verse;
    }
    if (this.pending.length) this.flush(verse);
  }

  endVerse(): void {
    if (this.title !== undefined) {
      const text = collapse(this.title).trim();
      if (text) this.pending.unshift({ type: 'heading', kind: 'psalm', text });
      this.title = undefined;
    }
    this.verse = undefined;
  }

  /** A paragraph, line, stanza or heading (or a note on a heading): it goes before the next verse text. */
  queue(node: Exclude<VerseNode, TextNode>): void {
    if (this.skipping) return;
    if (node.type === 'heading' || node.type === 'note') {
      const text = collapse(node.text).trim();
      if (text) this.pending.push({ ...node, text });
    } else {
      addBlock(this.pending, node);
    }
  }

  text(text: string, style: TextStyle = {}): void {
    if (this.title !== undefined) {
      this.title += text;
      return;
    }
    // Text between verses is indentation, an introduction or a colophon: not part of any verse.
    const verse = this.verse;
    if (!verse) return;
    let value = text.replace(/\s+/g, ' ');
    if (this.pending.length) {
      // Whitespace before a verse's first block marker must not pull the marker into the verse before.
      if (value.trim() === '') return;
      this.flush(verse);
    }
    if (!verse.hasText) value = value.trimStart();
    if (!value) return;
    verse.nodes.push(styledText(value, style));
    verse.hasText = true;
  }

  footnote(text: string, kind: 'footnote' | 'crossref'): void {
    const value = collapse(text).trim();
    if (!value || this.skipping) return;
    const node: VerseNode = { type: 'note', text: value, kind };
    if (!this.verse) {
      if (this.title === undefined) this.pending.push(node);
      return;
    }
    if (this.pending.length) this.flush(this.verse);
    this.verse.nodes.push(node);
  }

  private flush(verse: VerseState): void {
    // Block markers separate words; plain text, which ignores them, must still see a space.
    this.separate(verse);
    verse.nodes.push(...this.pending);
    this.pending = [];
  }

  private separate(verse: VerseState): void {
    const last = verse.nodes.findLast((n): n is TextNode => n.type === 'text');
    if (last && !/\s$/.test(last.text)) verse.nodes.push({ type: 'text', text: ' ' });
  }

  private parseNumber(raw: string, what: 'chapter' | 'verse', zeroAllowed: boolean): number {
    const value = raw.trim();
    if (!/^\d+$/.test(value) || (!zeroAllowed && Number(value) === 0)) {
      this.fail(`${what} number "${raw}" is not a positive integer`);
    }
    return Number(value);
  }

  /**
   * The books read, in canonical order with verses in order. `source` names the file or directory
   * for the error raised when nothing was found.
   */
  finish(source: string): ImportedBook[] {
    this.closeBook();
    const books: ImportedBook[] = [];
    for (const book of [...this.books.values()].sort((a, b) => a.canon.order - b.canon.order)) {
      const verses = [...book.verses.values()]
        .sort((a, b) => a.chapter - b.chapter || a.verse - b.verse)
        .flatMap((v) => {
          const content = tidyVerse(v.nodes);
          if (content.some((n) => n.type === 'text' || n.type === 'note')) {
            return [{ chapter: v.chapter, verse: v.verse, content }];
          }
          this.warn(`${book.file}: ${book.canon.osis} ${v.chapter}:${v.verse} has no text; left out`);
          return [];
        });
      if (verses.length === 0) {
        this.warn(`${book.file}: ${book.canon.osis} has no verses; left out`);
        continue;
      }
      books.push({
        osis: book.canon.osis,
        ...(book.name ? { name: book.name } : {}),
        ...(book.nameLong && book.nameLong !== book.name ? { nameLong: book.nameLong } : {}),
        verses,
      });
    }
    if (books.length === 0) throw new ImportError(source, 'end of file', 'no verses found');
    return books;
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/**
 * Compacts a verse: whitespace at its start and end (also around trailing notes) goes, and a space
 * that two differently formatted runs both carry is kept once.
 */
export function tidyVerse(nodes: readonly VerseNode[]): VerseNode[] {
  const out: VerseNode[] = [];
  for (const node of compactNodes(nodes)) {
    if (node.type !== 'text') {
      out.push(node);
      continue;
    }
    // Headings and notes stand apart from the text; blocks and text are what a space separates.
    const prev = out.findLast((n) => n.type !== 'heading' && n.type !== 'note');
    const atStart = prev === undefined || prev.type !== 'text';
    const text = atStart || /\s$/.test((prev as TextNode).text) ? node.text.trimStart() : node.text;
    if (text) out.push(text === node.text ? node : { ...node, text });
  }
  for (let i = out.length - 1; i >= 0; i--) {
    const node = out[i]!;
    if (node.type === 'note') continue;
    if (node.type !== 'text') break;
    const text = node.text.trimEnd();
    if (text) {
      out[i] = { ...node, text };
      break;
    }
    out.splice(i, 1);
  }
  return compactNodes(out);
}
