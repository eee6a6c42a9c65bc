import { readFile } from 'node:fs/promises';
import { CANON } from '#common/scripture/canon.ts';
import { ImportError, type ImportedBible } from '../types.ts';
import { BibleCollector, type NoteNode, type TextStyle } from './collector.ts';
import { resolveMeta, type FileImportOptions, type SourceMeta } from './meta.ts';
import { decoderFor, sourceFiles, type Decoder } from './paths.ts';
import { lexUsfm, lineLocator, parseAttributes, type UsfmToken } from './usfm-lexer.ts';
import { markerRole } from './usfm-markers.ts';
import { normalizeStrongs } from './strongs.ts';

export const USFM_EXTENSIONS = ['.usfm', '.sfm'] as const;

/**
 * Book codes that are valid USFM but not books of this canon: front and back matter, and apocryphal
 * books the canon does not carry. They are skipped; any other unknown code is an error, because it
 * usually means a typo in `\id`.
 */
// prettier-ignore
const SKIPPED_BOOKS = new Set([
  'FRT', 'BAK', 'OTH', 'INT', 'CNC', 'GLO', 'TDX', 'NDX', 'XXA', 'XXB', 'XXC', 'XXD', 'XXE', 'XXF', 'XXG',
  'ODA', 'PSS', 'EZA', '5EZ', '6EZ', 'DAG', 'PS3', '2BA', 'LBA', 'JUB', 'ENO', '1MQ', '2MQ', '3MQ', 'REP',
  '4BA', 'LAO', 'JSA', 'JDB', 'TBS', 'SST', 'DNT', 'BLT',
]);

const bookByUsfm = new Map(CANON.map((book) => [book.usfm, book]));

/** Imports a USFM file (one or more books) or a directory of .usfm/.sfm files. */
export async function importUsfm(path: string, options: FileImportOptions = {}): Promise<ImportedBible> {
  const warn = options.warn ?? (() => {});
  const collector = new BibleCollector(warn);
  const source: SourceMeta = {};
  for (const file of await sourceFiles(path, USFM_EXTENSIONS)) {
    const text = await readUsfm(file);
    const reader = new UsfmReader(file, text, collector, warn);
    reader.read();
    source.name ??= reader.translationName;
  }
  const books = collector.finish(path);
  return { meta: resolveMeta(path, source, options), books };
}

async function readUsfm(file: string): Promise<string> {
  const bytes = await readFile(file);
  const declared = /\\ide\s+([^\s\\]+)/.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1];
  let decoder: Decoder;
  try {
    decoder = decoderFor(bytes, declared);
  } catch (error) {
    throw new ImportError(file, '\\ide', (error as Error).message);
  }
  const text = decoder.decode(bytes);
  const bad = decoder.encoding === 'utf-8' ? text.indexOf('\uFFFD') : -1;
  if (bad !== -1) {
    const hint = 'not valid UTF-8; declare the encoding with \\ide (e.g. \\ide CP-1252)';
    throw new ImportError(file, lineLocator(text)(bad), hint);
  }
  return text;
}

const EXPECTING = {
  book: { marker: '\\id', what: 'a book code' },
  chapter: { marker: '\\c', what: 'a chapter number' },
  verse: { marker: '\\v', what: 'a verse number' },
} as const;

interface CharacterFrame {
  name: string;
  style?: Omit<TextStyle, 'strongs'>;
  drop?: boolean;
  /** A `\w` word: its text waits for the attributes that follow it. */
  word?: { segments: { text: string; style: TextStyle }[]; attributes: string };
}

interface OpenNote {
  kind: 'footnote' | 'crossref';
  text: string;
  /** Inside \fr or \xo: the verse reference the note repeats. */
  dropping: boolean;
  /** The first character of a note is its caller ("+", "-", "a"), not its text. */
  callerSeen: boolean;
  /** Character markers opened inside the note are closed with it. */
  frameDepth: number;
}

type Mode =
  | { kind: 'body' }
  | { kind: 'skip' }
  | { kind: 'name'; field: 'h' | 'toc1' | 'toc2' | 'mt' }
  | { kind: 'heading'; heading: 'section' | 'psalm'; text: string; notes: NoteNode[] };

/** Reads one USFM file into the collector. */
class UsfmReader {
  /** The description on the first `\id` line, which often names the translation. */
  translationName: string | undefined;

  private readonly locate: (offset: number) => string;
  private offset = 0;
  private mode: Mode = { kind: 'skip' };
  private expect: 'book' | 'chapter' | 'verse' | undefined;
  /** Where the `\id`, `\c` or `\v` marker whose code or number is expected stands. */
  private expectOffset = 0;
  private frames: CharacterFrame[] = [];
  /** `\qt-s |who="Jesus"\*` … `\qt-e\*` milestones, which may span paragraphs and verses. */
  private quotes: boolean[] = [];
  private note: OpenNote | undefined;
  private sidebar = false;
  private names: { h?: string; toc1?: string; toc2?: string; mt: string[] } | undefined;

  constructor(
    private readonly file: string,
    private readonly source: string,
    private readonly collector: BibleCollector,
    private readonly warn: (message: string) => void,
  ) {
    this.locate = lineLocator(source);
    collector.beginFile(file, () => this.locate(this.offset));
  }

  read(): void {
    const tokens = lexUsfm(this.source);
    let current = tokens.next();
    while (!current.done) {
      const next = tokens.next();
      const token = current.value;
      this.offset = token.offset;
      if (token.kind === 'text') this.onText(token.text, next.done ? undefined : next.value);
      else if (token.kind === 'milestone') this.onMilestone(token.name, token.attributes);
      else if (token.closing) this.onClose(token.name);
      else this.onOpen(token.name);
      current = next;
    }
    if (this.expect) this.collector.fail(`${EXPECTING[this.expect].marker} without ${EXPECTING[this.expect].what}`);
    this.endBlock();
    this.applyNames();
  }

  private onText(raw: string, next: UsfmToken | undefined): void {
    let text = raw;
    if (this.expect) {
      const match = /^\s*(\S+)[ \t]?/.exec(text);
      if (!match) return;
      this.offset = this.expectOffset;
      const value = match[1]!;
      text = text.slice(match[0].length);
      const expected = this.expect;
      this.expect = undefined;
      if (expected === 'book') {
        this.startBook(value, text.split(/\r?\n/)[0]!.trim());
        return;
      }
      if (expected === 'chapter') this.collector.startChapter(value);
      else this.startVerse(value);
    }
    if (this.sidebar) return;

    let attributes: string | undefined;
    const bar = text.indexOf('|');
    if (bar !== -1 && next?.kind === 'marker' && next.closing) {
      attributes = text.slice(bar + 1);
      text = text.slice(0, bar);
    }
    if (attributes !== undefined) {
      // The attributes belong to the \w around the text, even with a marker in between (\w \+nd LORD|…\+nd*\w*).
      const word = this.frames.findLast((f) => f.word)?.word;
      if (word) word.attributes = attributes;
    }
    text = text.replace(/~/g, '\u00a0').replace(/\/\//g, '');

    if (this.note) {
      if (!this.note.callerSeen && text.trim()) {
        text = text.replace(/^\s*\S\s?/, '');
        this.note.callerSeen = true;
      }
      if (!this.note.dropping && !this.frames.some((f) => f.drop)) this.note.text += text;
      return;
    }
    const mode = this.mode;
    if (mode.kind === 'skip') return;
    if (mode.kind === 'heading') mode.text += text;
    else if (mode.kind === 'name') this.addName(mode.field, text);
    else this.emit(text);
  }

  private emit(text: string): void {
    if (this.frames.some((f) => f.drop)) return;
    const style = this.style();
    const word = this.frames.findLast((f) => f.word)?.word;
    if (word) word.segments.push({ text, style });
    else this.collector.text(text, style);
  }

  private style(): TextStyle {
    const style: TextStyle = {};
    if (this.quotes.includes(true)) style.wordsOfJesus = true;
    for (const frame of this.frames) Object.assign(style, frame.style);
    return style;
  }

  private onOpen(name: string): void {
    if (this.expect) {
      this.collector.fail(`\\${name} where ${EXPECTING[this.expect].what} should be`);
    }
    const role = markerRole(name);
    if (this.sidebar && role?.role !== 'sidebar') return;
    // Unknown markers are ignored; their text is kept.
    if (!role) return;

    if (this.note) {
      if (role.role === 'notePart') {
        this.note.dropping = role.drop === true;
        this.note.callerSeen = true;
        return;
      }
      if (role.role === 'character') {
        this.frames.push({ name, drop: role.drop });
        return;
      }
      // A paragraph, verse or new note marker ends a note its author forgot to close.
      this.closeNote();
    }

    switch (role.role) {
      case 'book':
      case 'chapter':
        this.endBlock();
        this.applyNames();
        // Between \id and the first \c nothing is verse text.
        this.mode = { kind: role.role === 'book' ? 'skip' : 'body' };
        this.expectValue(role.role);
        return;
      case 'verse':
        this.endMode();
        this.expectValue('verse');
        return;
      case 'paragraph':
      case 'stanza':
      case 'line':
        this.endBlock();
        this.collector.queue(role.role === 'line' ? { type: 'line', indent: role.indent } : { type: role.role });
        return;
      case 'heading':
        this.endBlock();
        this.mode = { kind: 'heading', heading: role.kind, text: '', notes: [] };
        return;
      case 'name':
        this.endBlock();
        this.mode = { kind: 'name', field: role.field };
        if (role.field === 'mt') this.names?.mt.push('');
        return;
      case 'skip':
        this.endBlock();
        this.mode = { kind: 'skip' };
        return;
      case 'sidebar':
        this.endBlock();
        this.sidebar = role.open;
        return;
      case 'character':
        this.frames.push({
          name,
          style: role.style,
          drop: role.drop,
          word: role.word ? { segments: [], attributes: '' } : undefined,
        });
        return;
      case 'notePart':
        // \xt outside a note marks a reference in the text; it is text like any other.
        this.frames.push({ name });
        return;
      case 'note':
        this.note = { kind: role.kind, text: '', dropping: false, callerSeen: false, frameDepth: this.frames.length };
        return;
    }
  }

  /** The book code or number that must follow the marker just read. */
  private expectValue(what: 'book' | 'chapter' | 'verse'): void {
    this.expect = what;
    this.expectOffset = this.offset;
  }

  private onClose(name: string): void {
    if (this.sidebar) return;
    const role = markerRole(name);
    if (this.note && role?.role === 'note') {
      this.closeNote();
      return;
    }
    if (this.note && role?.role === 'notePart') {
      this.note.dropping = false;
      return;
    }
    // USFM 2 needs `\+` to nest character markers; files get it wrong both ways, so nesting is
    // assumed and a closing marker closes its own opening one (and anything left open inside it).
    const index = this.frames.findLastIndex((f) => f.name === name);
    if (index === -1) return;
    this.closeFrames(index);
  }

  private onMilestone(name: string, attributes: string): void {
    if (/^qt\d*-s$/.test(name)) {
      this.quotes.push(parseAttributes(attributes, 'who').get('who')?.trim() === 'Jesus');
    } else if (/^qt\d*-e$/.test(name)) {
      this.quotes.pop();
    }
    // Other milestones (alignment, translator sections) carry nothing for the reader.
  }

  private startBook(code: string, description: string): void {
    const usfm = code.toUpperCase();
    const book = bookByUsfm.get(usfm);
    this.names = { mt: [] };
    if (book) {
      this.collector.startBook(book.osis);
      this.translationName ??= translationNameFrom(description);
    } else if (SKIPPED_BOOKS.has(usfm)) {
      this.collector.skipBook();
      this.warn(`${this.file}: ${this.locate(this.offset)}: \\id ${usfm} is not a book of the canon; skipped`);
    } else {
      this.collector.fail(`unknown book id "${code}"`);
    }
  }

  private startVerse(value: string): void {
    const range = /^(\d+)[a-z]?[-–‑](\d+)[a-z]?$/i.exec(value);
    const segment = /^(\d+)[a-z]$/i.exec(value);
    if (range) {
      // A verse range ("\v 1-2") is a translation that joined verses. The text is stored under the
      // first number; the later numbers are absent rather than duplicated or left empty.
      this.collector.startVerse(range[1]!);
      this.collector.warnHere(`verses ${value} are joined; the text is stored as verse ${range[1]}`);
    } else if (segment) {
      this.collector.startVerse(segment[1]!);
    } else {
      this.collector.startVerse(value);
    }
  }

  private addName(field: 'h' | 'toc1' | 'toc2' | 'mt', text: string): void {
    const names = this.names;
    if (!names) return;
    if (field === 'mt') names.mt[names.mt.length - 1] += text;
    else names[field] = (names[field] ?? '') + text;
  }

  /** Book names come before `\c 1`; they are handed over once, at the first chapter or the book's end. */
  private applyNames(): void {
    const names = this.names;
    if (!names) return;
    this.names = undefined;
    const title = names.mt
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ');
    const name = names.toc2?.trim() || names.h?.trim() || title;
    this.collector.nameBook(name, names.toc1?.trim() || title);
  }

  /** A paragraph-level marker ends notes, character markers and headings still open. */
  private endBlock(): void {
    this.closeNote();
    this.closeFrames(0);
    this.endMode();
  }

  private endMode(): void {
    const mode = this.mode;
    if (mode.kind === 'heading') {
      this.collector.queue({ type: 'heading', kind: mode.heading, text: mode.text });
      for (const note of mode.notes) this.collector.queue(note);
    }
    if (mode.kind !== 'skip') this.mode = { kind: 'body' };
  }

  private closeFrames(from: number): void {
    const closed = this.frames.splice(from).reverse();
    for (const frame of closed) {
      if (!frame.word) continue;
      const attributes = parseAttributes(frame.word.attributes, 'lemma');
      const testament = this.collector.currentBook?.testament === 'OT' ? 'H' : 'G';
      const strongs = normalizeStrongs(attributes.get('strong') ?? '', testament);
      const outer = this.frames.findLast((f) => f.word)?.word;
      for (const segment of frame.word.segments) {
        const style = strongs.length ? { ...segment.style, strongs } : segment.style;
        if (outer) outer.segments.push({ text: segment.text, style });
        else this.collector.text(segment.text, style);
      }
    }
  }

  private closeNote(): void {
    const note = this.note;
    if (!note) return;
    this.note = undefined;
    this.frames.splice(note.frameDepth);
    const node: NoteNode = { type: 'note', kind: note.kind, text: note.text };
    if (this.mode.kind === 'heading') this.mode.notes.push(node);
    else if (this.mode.kind === 'body') this.collector.footnote(note.text, note.kind);
  }
}

const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';

/**
 * The translation's name from an `\id` line such as "GEN - World English Bible (WEB)",
 * "GEN 01-GEN-web.sfm World English Bible (WEB) Friday 2 May 2014" or "MRK 41MRKGNT92.SFM, Good
 * News Translation, June 2003": file names and dates removed (a year alone may be part of the name).
 */
export function translationNameFrom(description: string): string | undefined {
  const name = description
    .replace(/\S+\.(u?sfm|txt|ptx)\b/gi, '')
    .replace(new RegExp(`\\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+(\\d|${MONTH}).*$`, 'i'), '')
    .replace(new RegExp(`[,;]?\\s*(\\d{1,2}\\s+)?\\b${MONTH}\\s+(\\d{1,2},?\\s+)?\\d{4}\\b.*$`, 'i'), '')
    .replace(/^[-–—:,;\s]+|[-–—:,;\s]+$/g, '')
    .trim();
  return /\p{L}{3}/u.test(name) ? name : undefined;
}
