import { bookByOsis } from '#common/scripture/canon.ts';
import { OsisMapper } from '../../osis/osis-mapper.ts';
import type { ImportedBible } from '../types.ts';
import { BibleCollector } from './collector.ts';
import { resolveMeta, type FileImportOptions } from './meta.ts';
import { sourceFiles } from './paths.ts';
import { attr, localName, streamXml, type XmlEvents, type XmlTag } from './xml-stream.ts';

/**
 * OSIS book ids that are valid but have no book in this canon; they are skipped. Any other unknown
 * id is an error, because it usually means a misspelt osisID.
 */
const SKIPPED_BOOKS = new Set([
  'Odes',
  'PssSol',
  'EpLao',
  '1En',
  'Jub',
  '4Ezra',
  '5Ezra',
  '6Ezra',
  'EsthGr',
  'DanGr',
  'AddDan',
  '5ApocSyrPss',
  '2Bar',
  '4Bar',
  'EpBar',
  '1Meq',
  '2Meq',
  '3Meq',
  'Rep',
  'SirP',
]);

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
 * Imports a whole-Bible OSIS XML file (or a directory of them), streaming it. OsisMapper, which the
 * SWORD importer shares, says what the markup means; this reader adds the header's metadata and puts
 * the text into books, chapters and verses (<div type="book">, <chapter> and <verse>, as containers
 * or sID/eID milestones).
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

type WorkField = 'title' | 'rights' | 'language';
const WORK_FIELDS = new Set<string>(['title', 'rights', 'language']);

class OsisReader implements XmlEvents {
  private readonly mapper: OsisMapper;
  private rootSeen = false;
  /** The elements open inside <header>, each with the <work> field it fills, if any. */
  private readonly headerFields: (WorkField | undefined)[] = [];
  private work: OsisWork | undefined;
  private inChapter = false;
  private chapter = 0;

  constructor(
    private readonly file: string,
    private readonly collector: BibleCollector,
    private readonly header: OsisHeader,
    position: () => string,
    private readonly warn: (message: string) => void,
  ) {
    collector.beginFile(file, position);
    this.mapper = new OsisMapper({
      text: (text, style) => collector.text(text, style),
      block: (node) => collector.queue(node),
      heading: (node, notes) => {
        collector.queue(node);
        for (const note of notes) collector.queue(note);
      },
      note: (node) => collector.footnote(node.text, node.kind),
      bookTitles: ({ name, nameLong }) => collector.nameBook(name, nameLong),
      structure: {
        startBook: (tag) => this.startBook(tag),
        endBook: () => collector.closeBook(),
        startChapter: (tag) => this.startChapter(tag),
        endChapter: () => this.endChapter(),
        startVerse: (tag) => this.startVerse(tag),
        endVerse: () => collector.endVerse(),
      },
    });
  }

  open(tag: XmlTag): void {
    const name = localName(tag);
    if (!this.rootSeen && name !== 'osis' && name !== 'osisCorpus') {
      this.collector.fail(`not an OSIS file: the root element is <${tag.name}>, not <osis>`);
    }
    this.rootSeen = true;
    if (name === 'header' || this.headerFields.length > 0) {
      this.openHeaderElement(name, tag);
      return;
    }
    if (name === 'osisText') {
      this.header.workId ??= attr(tag, 'osisIDWork');
      this.header.language ??= attr(tag, 'xml:lang');
    }
    this.mapper.open(tag);
  }

  close(tag: XmlTag): void {
    if (this.headerFields.length > 0) {
      const field = this.headerFields.pop();
      if (field && this.work) this.work[field] = this.work[field]?.trim();
      return;
    }
    this.mapper.close(tag);
  }

  text(text: string): void {
    if (this.headerFields.length > 0) {
      const field = this.headerFields.at(-1);
      if (field && this.work) this.work[field] += text;
      return;
    }
    this.mapper.text(text);
  }

  /** The header is metadata, never text: <work> elements describe the text and its references. */
  private openHeaderElement(name: string, tag: XmlTag): void {
    let field: WorkField | undefined;
    if (name === 'work') {
      this.work = { id: attr(tag, 'osisWork') };
      this.header.works.push(this.work);
    } else if (this.work && WORK_FIELDS.has(name) && this.work[name as WorkField] === undefined) {
      field = name as WorkField;
      this.work[field] = '';
    }
    this.headerFields.push(field);
  }

  private startBook(tag: XmlTag): void {
    const id = (attr(tag, 'osisID') ?? attr(tag, 'sID') ?? '').split(/\s+/)[0]!.replace(/^.*:/, '');
    const book = bookByOsis(id);
    this.inChapter = false;
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
}
