import { bookByOsis } from '#common/bible/canon.ts';
import type { ImportedBible } from '../types.ts';
import { BibleCollector, type TextStyle } from './collector.ts';
import { resolveMeta, type FileImportOptions } from './meta.ts';
import { sourceFiles } from './paths.ts';
import { normalizeStrongs } from './strongs.ts';
import { attr, localName, streamXml, type XmlEvents, type XmlTag } from './xml-stream.ts';

/**
 * OSIS book ids that are valid but have no book in this canon; they are skipped. Any other unknown
 * id is an error, because it usually means a misspelt osisID.
 */
const SKIPPED_BOOKS = new Set([
  'Odes', 'PssSol', 'EpLao', '1En', 'Jub', '4Ezra', '5Ezra', '6Ezra', 'EsthGr', 'DanGr', 'AddDan',
  '5ApocSyrPss', '2Bar', '4Bar', 'EpBar', '1Meq', '2Meq', '3Meq', 'Rep', 'SirP',
]);

// The same choices as server/src/bible/osis/osis-to-nodes.ts (SWORD's per-verse fragments), so the
// two readers map OSIS to verse nodes alike until they are unified.
/** Divisions that are not verse text: front and back matter, glossaries, introductions. */
const SKIPPED_DIVS = new Set([
  'front', 'back', 'glossary', 'titlePage', 'preface', 'coverPage', 'publicationData', 'acknowledgement',
  'dedication', 'index', 'colophon', 'bibliography', 'introduction',
]);
const PARAGRAPH_DIVS = new Set(['paragraph', 'x-p']);
/** Titles that label rather than head the text: the app prints its own chapter labels. */
const DROPPED_TITLES = new Set(['chapter', 'x-chapterLabel', 'x-introduction', 'runningHead']);

interface OsisWork {
  id?: string;
  title?: string;
  rights?: string;
  language?: string;
}

interface OsisHeader {
  /** osisText's osisIDWork: which <work> describes this text. */
  workId?: string;
  language?: string;
  works: OsisWork[];
}

/**
 * Imports a whole-Bible OSIS XML file (or a directory of them), streaming it: <div type="book">,
 * <chapter> and <verse> as containers or sID/eID milestones; <w lemma> → strongs, <transChange
 * type="added"> → supplied, <q who="Jesus"> → wordsOfJesus, <divineName>, <note>, <title>, <p>,
 * <lg>/<l>, <lb/>.
 */
export async function importOsis(path: string, options: FileImportOptions = {}): Promise<ImportedBible> {
  const warn = options.warn ?? (() => {});
  const collector = new BibleCollector(warn);
  const header: OsisHeader = { works: [] };
  for (const file of await sourceFiles(path, ['.xml', '.osis'])) {
    await streamXml(file, (position) => new OsisReader(file, collector, header, position, warn));
  }
  const books = collector.finish(path);
  const work = header.works.find((w) => w.id && w.id === header.workId) ?? header.works[0] ?? {};
  const source = {
    code: header.workId ?? work.id,
    name: work.title,
    language: header.language ?? work.language,
    licence: work.rights,
  };
  return { meta: resolveMeta(path, source, options), books };
}

interface Frame {
  name: string;
  style?: TextStyle;
  /** Content not read: skipped divisions, figures, dropped titles, a note's own anchor. */
  drop?: boolean;
  capture?: Capture;
  /** Closing this element ends the book, chapter or verse it opened (container form). */
  ends?: 'book' | 'chapter' | 'verse';
  /** The quotation mark of a container <q>, printed again where it closes. */
  marker?: string;
  lineGroup?: boolean;
  header?: boolean;
  workField?: 'title' | 'rights' | 'language';
}

type NoteKind = 'footnote' | 'crossref';
type Capture =
  | { kind: 'note'; noteKind: NoteKind; text: string }
  | { kind: 'heading'; heading: 'section' | 'psalm'; text: string; notes: { text: string; kind: NoteKind }[] }
  | { kind: 'bookTitle'; short?: string; text: string };

class OsisReader implements XmlEvents {
  private readonly frames: Frame[] = [];
  /** sIDs of open milestone quotations spoken by Jesus; they may span verses. */
  private readonly jesusQuotes = new Set<string>();
  /** sIDs of open milestone divisions that are skipped. */
  private readonly skippedDivs = new Set<string>();
  private inChapter = false;
  private chapter = 0;
  /** A line group just ended: the next one starts a new stanza. */
  private afterLineGroup = false;
  private lineIndent: number | undefined;
  private work: OsisWork | undefined;

  constructor(
    private readonly file: string,
    private readonly collector: BibleCollector,
    private readonly header: OsisHeader,
    position: () => string,
    private readonly warn: (message: string) => void,
  ) {
    collector.beginFile(file, position);
  }

  private get skipping(): boolean {
    return this.skippedDivs.size > 0 || this.frames.some((f) => f.drop || f.header);
  }

  private get inPoetry(): boolean {
    return this.lineIndent !== undefined || this.frames.some((f) => f.lineGroup);
  }

  open(tag: XmlTag): void {
    const name = localName(tag);
    const frame: Frame = { name };
    const parent = this.frames.at(-1);
    if (!parent && name !== 'osis' && name !== 'osisCorpus') {
      this.collector.fail(`not an OSIS file: the root element is <${tag.name}>, not <osis>`);
    }
    if (this.frames.some((f) => f.header)) this.openHeaderElement(name, tag, frame);
    else this.openTextElement(name, tag, frame, parent);
    this.frames.push(frame);
    if (frame.marker) this.emit(frame.marker);
  }

  private openHeaderElement(name: string, tag: XmlTag, frame: Frame): void {
    if (name === 'work') {
      this.work = { id: attr(tag, 'osisWork') };
      this.header.works.push(this.work);
    } else if (this.work && (name === 'title' || name === 'rights' || name === 'language')) {
      if (this.work[name] === undefined) {
        frame.workField = name;
        this.work[name] = '';
      }
    }
  }

  private openTextElement(name: string, tag: XmlTag, frame: Frame, parent: Frame | undefined): void {
    const end = attr(tag, 'eID') !== undefined;
    const start = attr(tag, 'sID') !== undefined;
    const container = !tag.isSelfClosing && !start && !end;
    // Book, chapter and verse boundaries count even inside a skipped division, so a broken file
    // cannot hide verses; everything else there is ignored.
    if (this.skipping && name !== 'div' && name !== 'chapter' && name !== 'verse') return;
    switch (name) {
      case 'osisText':
        this.header.workId ??= attr(tag, 'osisIDWork');
        this.header.language ??= attr(tag, 'xml:lang');
        return;
      case 'header':
        frame.header = true;
        return;
      case 'div':
        this.openDiv(tag, frame, container, start, end);
        return;
      case 'chapter':
        if (end) this.endChapter();
        else {
          this.startChapter(tag);
          if (container) frame.ends = 'chapter';
        }
        return;
      case 'verse':
        if (end) this.collector.endVerse();
        else {
          this.startVerse(tag);
          if (container) frame.ends = 'verse';
        }
        return;
      case 'w': {
        const strongs = normalizeStrongs(
          (attr(tag, 'lemma') ?? '')
            .split(/\s+/)
            .filter((v) => /^(strong|x-Strongs):/i.test(v))
            .join(' '),
        );
        if (strongs.length) frame.style = { strongs };
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
        if (!this.frames.some((f) => f.capture?.kind === 'note')) {
          const kind = attr(tag, 'type') === 'crossReference' ? 'crossref' : 'footnote';
          frame.capture = { kind: 'note', noteKind: kind, text: '' };
        }
        return;
      case 'reference':
        // A note's anchor label ("1.4 ") repeats the verse number; real references are kept.
        if (attr(tag, 'type') === 'annotateRef' && this.frames.some((f) => f.capture?.kind === 'note')) {
          frame.drop = true;
        }
        return;
      case 'title':
      case 'speaker':
        this.openTitle(name, tag, frame, parent);
        return;
      case 'p':
        this.block({ type: 'paragraph' });
        return;
      case 'lg':
        if (end) this.afterLineGroup = true;
        else {
          if (this.afterLineGroup) this.block({ type: 'stanza' });
          this.afterLineGroup = false;
          if (container) frame.lineGroup = true;
        }
        return;
      case 'l':
        if (end) this.lineIndent = undefined;
        else {
          const level = Number(attr(tag, 'level'));
          this.lineIndent = Number.isInteger(level) && level > 0 ? level : 0;
          this.block(this.line());
        }
        return;
      case 'lb':
        if (attr(tag, 'type') === 'x-p') this.block({ type: this.inPoetry ? 'stanza' : 'paragraph' });
        else if (this.inPoetry) this.block(this.line());
        else this.emit(' ');
        return;
      case 'milestone':
        this.openMilestone(tag);
        return;
      case 'figure':
      case 'index':
        frame.drop = true;
        return;
      default:
      // seg, hi, foreign, name, rdg, catchWord, abbr, item …: their text is kept as it is.
    }
  }

  close(): void {
    const frame = this.frames.pop();
    if (!frame) return;
    if (frame.workField && this.work) this.work[frame.workField] = this.work[frame.workField]?.trim();
    if (frame.capture) this.closeCapture(frame.capture);
    if (frame.marker) this.emit(frame.marker);
    if (frame.lineGroup) this.afterLineGroup = true;
    if (frame.name === 'l') this.lineIndent = undefined;
    if (frame.ends === 'verse') this.collector.endVerse();
    else if (frame.ends === 'chapter') this.endChapter();
    else if (frame.ends === 'book') this.collector.closeBook();
  }

  text(text: string): void {
    const top = this.frames.at(-1);
    if (top?.workField && this.work) {
      this.work[top.workField] += text;
      return;
    }
    if (this.skipping) return;
    const capture = this.frames.findLast((f) => f.capture)?.capture;
    if (capture) {
      capture.text += text;
      return;
    }
    // Some texts keep the pilcrow of the printed Bible as the paragraph mark.
    text.split('¶').forEach((part, i) => {
      if (i > 0) this.block({ type: 'paragraph' });
      this.emit(part);
    });
  }

  private emit(text: string): void {
    const style: TextStyle = {};
    if (this.jesusQuotes.size > 0) style.wordsOfJesus = true;
    for (const frame of this.frames) Object.assign(style, frame.style);
    this.collector.text(text, style);
  }

  private line(): { type: 'line'; indent?: number } {
    return this.lineIndent ? { type: 'line', indent: this.lineIndent } : { type: 'line' };
  }

  private block(node: { type: 'paragraph' } | { type: 'stanza' } | { type: 'line'; indent?: number }): void {
    if (this.skipping || this.frames.some((f) => f.capture)) return;
    if (node.type === 'paragraph') this.afterLineGroup = false;
    this.collector.queue(node);
  }

  private openDiv(tag: XmlTag, frame: Frame, container: boolean, start: boolean, end: boolean): void {
    const type = attr(tag, 'type') ?? '';
    if (SKIPPED_DIVS.has(type)) {
      if (start) this.skippedDivs.add(attr(tag, 'sID')!);
      else if (end) this.skippedDivs.delete(attr(tag, 'eID')!);
      else if (container) frame.drop = true;
      return;
    }
    if (type === 'book') {
      if (end) {
        this.collector.closeBook();
        return;
      }
      this.startBook(tag);
      if (container) frame.ends = 'book';
    } else if (PARAGRAPH_DIVS.has(type) && !end) {
      this.block({ type: 'paragraph' });
    }
  }

  private startBook(tag: XmlTag): void {
    const id = (attr(tag, 'osisID') ?? attr(tag, 'sID') ?? '').split(/\s+/)[0]!.replace(/^.*:/, '');
    const book = bookByOsis(id);
    this.inChapter = false;
    this.afterLineGroup = false;
    if (book) this.collector.startBook(book.osis);
    else if (SKIPPED_BOOKS.has(id)) {
      this.collector.skipBook();
      this.warn(`${this.file}: ${this.collector.place()}: book ${id} is not in the canon; skipped`);
    } else this.collector.fail(`unknown book id "${id}"`);
  }

  private startChapter(tag: XmlTag): void {
    const id = attr(tag, 'osisID') ?? attr(tag, 'sID');
    const [bookPart, chapterPart] = id?.split('.') ?? [];
    this.checkBook(id, bookPart);
    const raw = chapterPart ?? attr(tag, 'n') ?? '';
    this.collector.startChapter(raw);
    this.inChapter = !this.collector.skippingBook;
    this.chapter = Number(raw);
    this.afterLineGroup = false;
  }

  private endChapter(): void {
    this.collector.endChapter();
    this.inChapter = false;
  }

  private startVerse(tag: XmlTag): void {
    const ids = (attr(tag, 'osisID') ?? attr(tag, 'sID') ?? '').split(/\s+/).filter(Boolean);
    // A grain ("Gen.1.1!a") names part of a verse; the verse is what counts here.
    const first = ids[0]?.replace(/!.*$/, '');
    if (!first) {
      this.collector.startVerse(attr(tag, 'n') ?? '');
      return;
    }
    const [bookPart, chapterPart, versePart] = first.split('.');
    this.checkBook(first, bookPart);
    if (this.inChapter && chapterPart !== undefined && Number(chapterPart) !== this.chapter) {
      this.collector.fail(`verse ${first} is inside chapter ${this.chapter}`);
    }
    this.collector.startVerse(versePart ?? '');
    if (ids.length > 1) {
      // Joined verses ("Gen.1.1 Gen.1.2"): the text is stored under the first, as for USFM ranges.
      this.collector.warnHere(`verses ${ids.join(' ')} are joined; the text is stored as ${first}`);
    }
  }

  /** A chapter or verse id naming another book than the one being read is a broken file. */
  private checkBook(id: string | undefined, bookPart: string | undefined): void {
    const current = this.collector.currentBook;
    if (!current || !bookPart) return;
    if (bookByOsis(bookPart)?.osis !== current.osis) this.collector.fail(`${id} is inside book ${current.osis}`);
  }

  private openQuote(tag: XmlTag, frame: Frame, container: boolean, start: boolean, end: boolean): void {
    const jesus = attr(tag, 'who') === 'Jesus';
    // The marker attribute is the quotation mark to print ("" for none, as in the KJV).
    const marker = tag.attributes.marker || undefined;
    if (container) {
      if (jesus) frame.style = { wordsOfJesus: true };
      frame.marker = marker;
    } else if (start) {
      if (jesus) this.jesusQuotes.add(attr(tag, 'sID')!);
      if (marker) this.emit(marker);
    } else if (end) {
      if (marker) this.emit(marker);
      this.jesusQuotes.delete(attr(tag, 'eID')!);
    }
  }

  private openMilestone(tag: XmlTag): void {
    const type = attr(tag, 'type') ?? '';
    const n = attr(tag, 'n');
    if (type === 'x-p' || type === 'x-paragraph' || tag.attributes.marker === '¶') this.block({ type: 'paragraph' });
    else if (type === 'cQuote') {
      if (tag.attributes.marker) this.emit(tag.attributes.marker);
    } else if (n && this.collector.currentBook && !this.inChapter) {
      // Converters from USFM keep \h and \toc1 as milestones.
      if (type === 'x-usfm-h') this.collector.nameBook(n, undefined);
      else if (type === 'x-usfm-toc1') this.collector.nameBook(undefined, n);
    }
  }

  private openTitle(name: string, tag: XmlTag, frame: Frame, parent: Frame | undefined): void {
    if (this.frames.some((f) => f.capture)) return;
    const type = name === 'speaker' ? 'speaker' : (attr(tag, 'type') ?? '');
    if (DROPPED_TITLES.has(type)) {
      frame.drop = true;
      return;
    }
    if (type === 'main' || (parent?.ends === 'book' && !this.inChapter)) {
      frame.capture = { kind: 'bookTitle', short: attr(tag, 'short'), text: '' };
      return;
    }
    // Outside a chapter a title is a colophon ("Written to the Romans from Corinthus…") or a
    // leftover of front matter: not a heading of any verse.
    if (!this.inChapter) {
      frame.drop = true;
      return;
    }
    const psalm = type === 'psalm' || attr(tag, 'canonical') === 'true';
    frame.capture = { kind: 'heading', heading: psalm ? 'psalm' : 'section', text: '', notes: [] };
  }

  private closeCapture(capture: Capture): void {
    if (capture.kind === 'bookTitle') {
      this.collector.nameBook(capture.short, capture.text);
      return;
    }
    if (capture.kind === 'heading') {
      this.collector.queue({ type: 'heading', kind: capture.heading, text: capture.text });
      for (const note of capture.notes) this.collector.queue({ type: 'note', ...note });
      return;
    }
    // A note inside a heading belongs with the heading.
    const outer = this.frames.findLast((f) => f.capture)?.capture;
    if (outer?.kind === 'heading') outer.notes.push({ text: capture.text, kind: capture.noteKind });
    else if (!outer) this.collector.footnote(capture.text, capture.noteKind);
  }
}
