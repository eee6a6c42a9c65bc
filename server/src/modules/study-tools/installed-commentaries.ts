import type { CommentaryEntry } from '#common/contracts/study-tools.ts';
import { COMMENTARY_PARAGRAPHS_MAX } from '#common/contracts/study-tools.ts';
import type { CanonBook } from '#common/scripture/canon.ts';
import { plainText, type VerseNode } from '#common/scripture/content.ts';
import { osisToNodes } from '../../scripture/osis/osis-to-nodes.ts';
import { ZVerseReader } from '../../scripture/sword/ztext.ts';
import { LruCache } from '../../lib/lru.ts';
import { StudyModules, type StudyModuleRoots } from './installed-modules.ts';

/** Where commentaries are looked for: the library's folder, and the system's SWORD roots when discovery is on. */
export type CommentaryRoots = StudyModuleRoots;

/** The commentaries installed where this process reads SWORD modules (zCom and zCom4), each opened once. */
export class InstalledCommentaries extends StudyModules<ZVerseReader> {
  // An entry covers many verses (Treasury of David's on a psalm runs to 100 kB): parsed once for all of them.
  private parsed = new LruCache<string, string[]>(64);

  constructor(roots: CommentaryRoots, log: { warn(message: string): void }, now = () => Date.now()) {
    super(
      roots,
      { what: 'Commentary', wanted: (m) => /^zcom4?$/i.test(m.driver), open: (m) => ZVerseReader.open(m) },
      log,
      now,
      () => (this.parsed = new LruCache(64)),
    );
  }

  /** Every installed commentary's entry on the verse, in module-name order; those without one are left out. */
  on(book: CanonBook, chapter: number, verse: number): { entries: CommentaryEntry[]; installed: number } {
    const readers = this.modules.list();
    const entries = readers.flatMap((reader) => {
      try {
        const entry = entryOf(reader, book, chapter, verse, (key, parse) => {
          const id = `${reader.module.name}|${key}`;
          let paragraphs = this.parsed.get(id);
          if (!paragraphs) this.parsed.set(id, (paragraphs = parse()));
          return paragraphs;
        });
        return entry ? [entry] : [];
      } catch (error) {
        this.log.warn(`Commentary ${reader.module.name} could not be read at ${book.name} ${chapter}:${verse}: ${(error as Error).message}`);
        return [];
      }
    });
    return { entries, installed: readers.length };
  }
}

function entryOf(
  reader: ZVerseReader,
  book: CanonBook,
  chapter: number,
  verse: number,
  cached: (key: string, parse: () => string[]) => string[],
): CommentaryEntry | undefined {
  const entry = reader.commentaryEntry(book.osis, chapter, verse);
  // A note from an earlier chapter is about another passage (Scofield's notes are sparse), not a section holding this verse.
  if (!entry || entry.chapter !== chapter) return undefined;
  const paragraphs = cached(`${book.osis} ${entry.chapter}:${entry.verse}`, () => paragraphsOf(osisToNodes(entry.markup, { keepIntroductions: true })));
  const part = partOn(paragraphs, verse);
  const all = part?.paragraphs ?? paragraphs;
  if (all.length === 0) return undefined;
  const { conf, name } = reader.module;
  return {
    module: name,
    name: conf.get('Description')?.trim() || name,
    licence: conf.get('DistributionLicense')?.trim() || 'Licence not stated',
    copyright: conf.get('ShortCopyright')?.trim() || conf.get('Copyright')?.trim() || null,
    on: part ? `${book.name} ${chapter}:${part.from}${part.to > part.from ? `–${part.to}` : ''}` : placeName(book, entry.chapter, entry.verse),
    section: part ? true : entry.chapter !== chapter || entry.verse !== verse,
    paragraphs: all.slice(0, COMMENTARY_PARAGRAPHS_MAX),
    more: Math.max(0, all.length - COMMENTARY_PARAGRAPHS_MAX),
  };
}

const PART_LABEL = /^Verses? (\d+)(?:\s*[-–]\s*(\d+))?$/;

/**
 * A chapter's comment in parts, each under a label ("Verses 9-21", as Matthew Henry's): the part that
 * covers the verse, without the chapter's outline and the other parts. Undefined when none is labelled so.
 */
export function partOn(paragraphs: readonly string[], verse: number): { from: number; to: number; paragraphs: string[] } | undefined {
  for (let i = 0; i < paragraphs.length; i++) {
    const label = PART_LABEL.exec(paragraphs[i]!);
    if (!label) continue;
    const from = Number(label[1]);
    const to = Number(label[2] ?? label[1]);
    if (verse < from || verse > to) continue;
    const next = paragraphs.findIndex((p, j) => j > i && PART_LABEL.test(p));
    return { from, to, paragraphs: paragraphs.slice(i + 1, next < 0 ? undefined : next) };
  }
  return undefined;
}

/** The entry's text split where its markup starts a paragraph. Headings are left out: the panel names the entry's place itself. */
export function paragraphsOf(nodes: readonly VerseNode[]): string[] {
  const paragraphs: string[] = [];
  let current: VerseNode[] = [];
  const flush = () => {
    // Table cells run together ("Nicodemus.(1-21)"): a verse range in brackets gets its space back.
    paragraphs.push(...readableParts(plainText(current).replace(/(\S)\((\d)/g, '$1 ($2')));
    current = [];
  };
  for (const node of nodes) {
    if (node.type === 'paragraph' || node.type === 'heading') {
      flush();
    } else current.push(node);
  }
  flush();
  return paragraphs;
}

const PARAGRAPH_CHARS = 900;

/** A paragraph as long as a page (Matthew Henry's are) cut between sentences into parts of about PARAGRAPH_CHARS. */
export function readableParts(text: string): string[] {
  if (text.length <= PARAGRAPH_CHARS * 1.5) return text ? [text] : [];
  const parts: string[] = [];
  let part = '';
  for (const sentence of text.split(/(?<=[.!?]['"’”]?)\s+(?=["“‘']?[A-Z])/)) {
    if (part && part.length + sentence.length > PARAGRAPH_CHARS) {
      parts.push(part);
      part = sentence;
    } else part = part ? `${part} ${sentence}` : sentence;
  }
  if (part) parts.push(part);
  return parts;
}

function placeName(book: CanonBook, chapter: number, verse: number): string {
  if (chapter === 0) return `${book.name} introduction`;
  if (verse === 0) return `${book.name} ${chapter} introduction`;
  return `${book.name} ${chapter}:${verse}`;
}
