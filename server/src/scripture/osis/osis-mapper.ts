import type { VerseNode } from '#common/scripture/content.ts';
import type { BlockNode, NoteNode, TextStyle } from '../importers/files/collector.ts';
import { normalizeStrongs } from '../importers/files/strongs.ts';
import { attr, localName, type XmlTag } from '../importers/files/xml-stream.ts';

type HeadingNode = Extract<VerseNode, { type: 'heading' }>;

/** A book's names as its intro gives them. */
export interface OsisBookTitles {
  name?: string;
  nameLong?: string;
}

/** Where the mapper sends what the markup means, in document order. */
export interface OsisOutput {
  /** Text, with the formatting in effect; intro text too, which the output may leave out. */
  text(text: string, style: TextStyle): void;
  /** A paragraph, line or stanza begins. Several may come for one break; the output merges them. */
  block(node: BlockNode): void;
  /** A heading, with the notes inside it: they belong to the heading, not to the verse text. */
  heading(node: HeadingNode, notes: NoteNode[]): void;
  /** A footnote or cross reference in the text. */
  note(node: NoteNode): void;
  /** What is known of the current book's names, each time it grows. */
  bookTitles?(titles: OsisBookTitles): void;
  /** Book, chapter and verse boundaries. A whole file needs them; a SWORD fragment knows its verse. */
  structure?: OsisStructure;
}

/** Each boundary comes once, whether the source writes it as a container or as sID/eID milestones. */
export interface OsisStructure {
  startBook(tag: XmlTag): void;
  endBook(): void;
  startChapter(tag: XmlTag): void;
  endChapter(): void;
  startVerse(tag: XmlTag): void;
  endVerse(): void;
}

export interface OsisMapperOptions {
  /**
   * Keep text inside `<div type="introduction">`. Bibles put book introductions there (not verse
   * text); commentaries such as MHCC put their whole comment there.
   */
  keepIntroductions?: boolean;
}

/** Divisions that are not verse text: front and back matter, glossaries, introductions. */
const SKIPPED_DIVS = new Set([
  'front',
  'back',
  'glossary',
  'titlePage',
  'preface',
  'coverPage',
  'publicationData',
  'acknowledgement',
  'dedication',
  'index',
  'colophon',
  'bibliography',
]);
const PARAGRAPH_DIVS = new Set(['paragraph', 'x-p']);
/** Titles that label rather than head the text: the app prints its own chapter labels. */
const DROPPED_TITLES = new Set(['chapter', 'x-chapterLabel', 'x-introduction', 'runningHead']);
/**
 * The closing mark for the opening mark of a container `<q marker="…">`. Other marks close as they
 * open ("…" and the Swedish ”…”); » and „ are not listed because languages close them differently.
 */
const CLOSING_QUOTES: Readonly<Record<string, string>> = { '“': '”', '‘': '’', '«': '»', '‹': '›' };

const WORD_CHAR = /[\p{L}\p{N}]/u;
// Several Haiola-built texts (the WEB) lose the space after a footnote call ("God<note/>created") and
// after the end of the words of Jesus ("righteousness.”</q>Then"); diatheke shows the same run-on
// words. A space goes back when a word follows what can end a word (after a note) or a sentence or
// quotation (after words of Jesus).
const BEFORE_NOTE_GAP = /[\p{L}\p{N},.;:!?’”')\]]$/u;
const BEFORE_QUOTE_GAP = /[,.;:!?’”')\]]$/u;

type Capture =
  | { kind: 'note'; note: NoteNode['kind']; text: string }
  | { kind: 'heading'; heading: 'section' | 'psalm'; text: string; notes: NoteNode[] }
  | { kind: 'bookTitle'; short?: string; text: string };

interface Frame {
  name: string;
  style?: TextStyle;
  /** Nothing inside is read: skipped divisions, figures, dropped titles, a note's own anchor. */
  drop?: boolean;
  /** Text inside goes to a note or title, not to the verse. */
  capture?: Capture;
  /** Closing this element ends the book, chapter or verse it opened (container form). */
  ends?: 'book' | 'chapter' | 'verse';
  /** The quotation mark a container <q> prints where it closes. */
  closingMark?: string;
  line?: boolean;
  lineGroup?: boolean;
}

/**
 * The OSIS → verse node rules, shared by the two OSIS readers: SWORD modules, which store each verse
 * as a fragment (osis-to-nodes.ts), and whole OSIS files (importers/files/osis-file.ts). A reader
 * parses the XML and feeds every element and text here in document order; the mapper tells its
 * output what they mean:
 *
 * - `<w lemma="strong:…">` → Strong's numbers, `<transChange type="added">` → supplied,
 *   `<q who="Jesus">` → words of Jesus, `<divineName>`: formatting of the text inside;
 * - `<note>` → a footnote or cross reference; `<title>`, `<speaker>` → a heading or a book title;
 * - `<p>`, paragraph divisions and milestones, ¶ → paragraph; `<l>` → line; `<lg>` after `<lg>` →
 *   stanza; `<lb/>` → a line in poetry, a space in prose;
 * - front and back matter, introductions, figures, index entries → nothing;
 * - `<div type="book">`, `<chapter>`, `<verse>` → structure events.
 *
 * Milestones (`<q sID/>…<q eID/>`, `<lg sID/>`, `<div sID/>`, `<chapter sID/>`) can open in one
 * SWORD verse and close in a later one, so that state lasts as long as the mapper does.
 */
export class OsisMapper {
  private readonly keepIntroductions: boolean;
  private frames: Frame[] = [];
  /** sIDs of open milestone quotations spoken by Jesus. */
  private readonly jesusQuotes = new Set<string>();
  /** sIDs of open milestone divisions that are skipped. */
  private readonly skippedDivs = new Set<string>();
  /** sIDs of open milestone line groups. */
  private readonly lineGroups = new Set<string>();
  private lineOpen = false;
  /** The indent of the last line begun; an `<lb/>` in poetry starts a line with it. */
  private lineIndent: number | undefined;
  /** A line group just ended: the next one starts a new stanza. */
  private afterLineGroup = false;
  private inBook = false;
  /** 'closed': a chapter has ended and no other begun, where a title is a colophon. */
  private chapter: 'none' | 'open' | 'closed' = 'none';
  private titles: { h?: string; toc1?: string; short?: string; main: string[] } = { main: [] };
  /** A note or the words of Jesus just ended: see BEFORE_NOTE_GAP. */
  private gap: RegExp | undefined;
  /** The last character of the verse text sent out so far. */
  private lastChar = '';

  constructor(
    private readonly out: OsisOutput,
    options: OsisMapperOptions = {},
  ) {
    this.keepIntroductions = options.keepIntroductions ?? false;
  }

  /**
   * A SWORD fragment (a verse or an intro) begins. Only milestones carry over from the last one: it
   * was balanced before parsing, but one that saxes could not read to its end must not leave its
   * elements open, and a space is never put back between the texts of two fragments.
   */
  startFragment(): void {
    this.frames = [];
    this.endOfText();
  }

  open(tag: XmlTag): void {
    const name = localName(tag);
    const parent = this.frames.at(-1);
    const frame: Frame = { name };
    // On the stack first, so that a quotation mark the element prints carries its formatting.
    this.frames.push(frame);
    const start = attr(tag, 'sID') !== undefined;
    const end = attr(tag, 'eID') !== undefined;
    const container = !tag.isSelfClosing && !start && !end;
    // Book, chapter and verse boundaries count even inside a skipped division, so that a broken
    // file cannot hide verses; everything else there is ignored.
    if (name === 'div') {
      this.openDiv(tag, frame, container, start, end);
      return;
    }
    if (name === 'chapter') {
      if (end) this.endChapter();
      else {
        this.startChapter(tag);
        if (container) frame.ends = 'chapter';
      }
      return;
    }
    if (name === 'verse') {
      if (end) this.out.structure?.endVerse();
      else {
        this.endOfText();
        this.out.structure?.startVerse(tag);
        if (container) frame.ends = 'verse';
      }
      return;
    }
    if (this.skipping) return;
    switch (name) {
      case 'w': {
        const strongs = parseStrongs(attr(tag, 'lemma'));
        if (strongs) frame.style = { strongs };
        return;
      }
      case 'transChange':
        if (attr(tag, 'type') === 'added') frame.style = { supplied: true };
        return;
      case 'divineName':
        frame.style = { divineName: true };
        return;
      case 'q':
        this.openQuote(tag, frame, container, start, end);
        return;
      case 'note':
        // A note inside a note is part of the outer one.
        if (!this.capturing('note')) {
          frame.capture = { kind: 'note', note: attr(tag, 'type') === 'crossReference' ? 'crossref' : 'footnote', text: '' };
        }
        return;
      case 'reference':
        // A note's anchor label ("1.4 ") repeats the verse number; real references are kept.
        if (attr(tag, 'type') === 'annotateRef' && this.capturing('note')) frame.drop = true;
        return;
      case 'title':
      case 'speaker':
        this.openTitle(name, tag, frame, parent);
        return;
      case 'p':
        this.block({ type: 'paragraph' });
        return;
      case 'lg':
        if (end) {
          this.lineGroups.delete(attr(tag, 'eID')!);
          this.afterLineGroup = true;
        } else {
          if (this.afterLineGroup) this.block({ type: 'stanza' });
          this.afterLineGroup = false;
          if (start) this.lineGroups.add(attr(tag, 'sID')!);
          else if (container) frame.lineGroup = true;
        }
        return;
      case 'l':
        if (end) this.lineOpen = false;
        else {
          const level = Number(attr(tag, 'level'));
          this.lineIndent = Number.isInteger(level) && level > 0 ? level : undefined;
          this.block(this.line());
          this.lineOpen = true;
          // Not a milestone: the line ends with the element.
          if (!start) frame.line = true;
        }
        return;
      case 'lb':
        if (attr(tag, 'type') === 'x-p') this.block({ type: this.inPoetry ? 'stanza' : 'paragraph' });
        else if (this.inPoetry) this.block(this.line());
        else this.text(' '); // keeps the words either side apart
        return;
      case 'milestone':
        this.openMilestone(tag);
        return;
      case 'figure':
      case 'index':
        frame.drop = true;
        return;
      default:
      // seg, hi, foreign, name, rdg, catchWord, abbr, list, item, table …: their text is kept as it is.
    }
  }

  /** Closes the innermost open element of this name, and any left open inside it. */
  close(tag: XmlTag): void {
    const name = localName(tag);
    // A parsed file is balanced; a malformed SWORD fragment may end an element it never opened.
    const at = this.frames.findLastIndex((f) => f.name === name);
    if (at < 0) return;
    while (this.frames.length > at) this.closeFrame();
  }

  text(text: string): void {
    if (!text || this.skipping) return;
    const capture = this.frames.findLast((f) => f.capture)?.capture;
    if (capture) {
      capture.text += text;
      return;
    }
    const style = this.style();
    // Some texts keep the pilcrow of the printed Bible as the paragraph mark.
    text.split('¶').forEach((part, i) => {
      if (i > 0) this.block({ type: 'paragraph' });
      if (part) this.emit(part, style);
    });
  }

  private emit(text: string, style: TextStyle): void {
    let out = text;
    if (this.gap) {
      if (WORD_CHAR.test(out[0]!) && this.gap.test(this.lastChar)) out = ' ' + out;
      this.gap = undefined;
    }
    this.out.text(out, style);
    this.lastChar = out.at(-1)!;
  }

  private endOfText(): void {
    this.gap = undefined;
    this.lastChar = '';
  }

  private get skipping(): boolean {
    return this.skippedDivs.size > 0 || this.frames.some((f) => f.drop);
  }

  private get inPoetry(): boolean {
    return this.lineOpen || this.lineGroups.size > 0 || this.frames.some((f) => f.lineGroup);
  }

  private capturing(kind?: Capture['kind']): boolean {
    return this.frames.some((f) => f.capture && (!kind || f.capture.kind === kind));
  }

  private style(): TextStyle {
    const style: TextStyle = this.jesusQuotes.size > 0 ? { wordsOfJesus: true } : {};
    for (const frame of this.frames) if (frame.style) Object.assign(style, frame.style);
    return style;
  }

  private closeFrame(): void {
    const frame = this.frames.at(-1)!;
    // Printed before the quotation is off the stack: the mark carries the quotation's formatting.
    if (frame.closingMark) this.text(frame.closingMark);
    this.frames.pop();
    if (frame.name === 'q' && frame.style?.wordsOfJesus) this.gap = BEFORE_QUOTE_GAP;
    if (frame.capture) this.closeCapture(frame.capture);
    if (frame.line) this.lineOpen = false;
    if (frame.lineGroup) this.afterLineGroup = true;
    if (frame.ends === 'verse') this.out.structure?.endVerse();
    else if (frame.ends === 'chapter') this.endChapter();
    else if (frame.ends === 'book') this.endBook();
  }

  private block(node: BlockNode): void {
    if (this.skipping || this.capturing()) return;
    // A paragraph already separates the next line group from the last one.
    if (node.type === 'paragraph') this.afterLineGroup = false;
    this.out.block(node);
  }

  private line(): BlockNode {
    return this.lineIndent ? { type: 'line', indent: this.lineIndent } : { type: 'line' };
  }

  private openDiv(tag: XmlTag, frame: Frame, container: boolean, start: boolean, end: boolean): void {
    const type = attr(tag, 'type') ?? '';
    if (SKIPPED_DIVS.has(type) || (type === 'introduction' && !this.keepIntroductions)) {
      if (start) this.skippedDivs.add(attr(tag, 'sID')!);
      else if (end) this.skippedDivs.delete(attr(tag, 'eID')!);
      else if (container) frame.drop = true;
    } else if (type === 'book') {
      if (end) this.endBook();
      else {
        this.startBook(tag);
        if (container) frame.ends = 'book';
      }
    } else if (PARAGRAPH_DIVS.has(type) && !end) {
      this.block({ type: 'paragraph' });
    }
  }

  private startBook(tag: XmlTag): void {
    this.inBook = true;
    this.chapter = 'none';
    this.afterLineGroup = false;
    this.titles = { main: [] };
    this.out.structure?.startBook(tag);
  }

  private endBook(): void {
    this.inBook = false;
    this.out.structure?.endBook();
  }

  private startChapter(tag: XmlTag): void {
    this.chapter = 'open';
    this.afterLineGroup = false;
    this.out.structure?.startChapter(tag);
  }

  private endChapter(): void {
    this.chapter = 'closed';
    this.out.structure?.endChapter();
  }

  private openQuote(tag: XmlTag, frame: Frame, container: boolean, start: boolean, end: boolean): void {
    const jesus = attr(tag, 'who') === 'Jesus';
    // The quotation mark to print; marker="" (as in the KJV) prints none.
    const mark = tag.attributes.marker || undefined;
    if (start) {
      if (jesus) this.jesusQuotes.add(attr(tag, 'sID')!);
      this.printMark(mark);
    } else if (end) {
      // A closing milestone carries its own mark.
      this.printMark(mark);
      if (this.jesusQuotes.delete(attr(tag, 'eID')!)) this.gap = BEFORE_QUOTE_GAP;
    } else if (container) {
      if (jesus) frame.style = { wordsOfJesus: true };
      this.printMark(mark);
      if (mark) frame.closingMark = CLOSING_QUOTES[mark] ?? mark;
    }
  }

  private printMark(mark: string | undefined): void {
    if (mark) this.text(mark);
  }

  private openMilestone(tag: XmlTag): void {
    const type = attr(tag, 'type') ?? '';
    const n = attr(tag, 'n');
    if (type === 'x-p' || type === 'x-paragraph' || tag.attributes.marker === '¶') this.block({ type: 'paragraph' });
    else if (type === 'cQuote') this.printMark(tag.attributes.marker);
    else if ((type === 'x-usfm-h' || type === 'x-usfm-toc1') && n && this.inBook && this.chapter !== 'open') {
      // Converters from USFM keep \h and \toc1 as milestones in the book's intro.
      if (type === 'x-usfm-h') this.titles.h ??= n;
      else this.titles.toc1 ??= n;
      this.reportTitles();
    }
  }

  private openTitle(name: string, tag: XmlTag, frame: Frame, parent: Frame | undefined): void {
    // A title inside a note or another title is part of its text.
    if (this.capturing()) return;
    const type = name === 'speaker' ? 'speaker' : (attr(tag, 'type') ?? '');
    if (DROPPED_TITLES.has(type)) frame.drop = true;
    else if (type === 'main' || (parent?.ends === 'book' && this.chapter !== 'open')) {
      frame.capture = { kind: 'bookTitle', short: attr(tag, 'short'), text: '' };
    } else if (this.chapter === 'closed') {
      // After a chapter's end, a title is a colophon ("Written to the Romans from Corinthus…").
      frame.drop = true;
    } else {
      const psalm = type === 'psalm' || attr(tag, 'canonical') === 'true';
      frame.capture = { kind: 'heading', heading: psalm ? 'psalm' : 'section', text: '', notes: [] };
    }
  }

  private closeCapture(capture: Capture): void {
    if (this.skipping) return;
    const text = collapse(capture.text);
    if (capture.kind === 'bookTitle') {
      if (!this.inBook) return;
      this.titles.short ??= capture.short;
      if (text) this.titles.main.push(text);
      this.reportTitles();
      return;
    }
    if (!text) return;
    if (capture.kind === 'heading') {
      this.out.heading({ type: 'heading', text, kind: capture.heading }, capture.notes);
      return;
    }
    const note: NoteNode = { type: 'note', text, kind: capture.note };
    // A note inside a heading belongs with the heading; one inside a book title is left out.
    const outer = this.frames.findLast((f) => f.capture)?.capture;
    if (outer?.kind === 'heading') outer.notes.push(note);
    else if (!outer) {
      this.out.note(note);
      this.gap = BEFORE_NOTE_GAP;
    }
  }

  /** `\h` (or a main title's short form) names the book; `\toc1` or the main titles give its long name. */
  private reportTitles(): void {
    const { h, toc1, short, main } = this.titles;
    const name = h ?? short;
    const nameLong = toc1 ?? (main.length ? main.join(' ') : undefined);
    this.out.bookTitles?.({ ...(name ? { name } : {}), ...(nameLong ? { nameLong } : {}) });
  }
}

/** `lemma="strong:G25 strong:H07225 lemma.TR:agapao"` → ["G25", "H7225"]; undefined when there are none. */
export function parseStrongs(lemma: string | undefined): string[] | undefined {
  if (!lemma) return undefined;
  const values = lemma.split(/\s+/).filter((v) => /^(strong|x-Strongs):/i.test(v));
  const strongs = normalizeStrongs(values.join(' '));
  return strongs.length ? strongs : undefined;
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
