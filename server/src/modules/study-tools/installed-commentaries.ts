import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { CommentaryEntry } from '#common/contracts/study-tools.ts';
import { COMMENTARY_PARAGRAPHS_MAX } from '#common/contracts/study-tools.ts';
import type { CanonBook } from '#common/scripture/canon.ts';
import { plainText, type VerseNode } from '#common/scripture/content.ts';
import { osisToNodes } from '../../scripture/osis/osis-to-nodes.ts';
import { defaultSwordRoots, discoverSwordModules, type SwordModule } from '../../scripture/sword/discover.ts';
import { ZVerseReader } from '../../scripture/sword/ztext.ts';
import { libraryRootIn } from '../../scripture/library/library-root.ts';

/** Where commentaries are looked for: the library's folder, and the system's SWORD roots when discovery is on. */
export type CommentaryRoots = { swordDiscovery: boolean; swordPaths: string[]; dataDir: string };

// A module rewritten in place leaves its root's mods.d unchanged: the list is read again this often anyway.
const LIST_LIFE_MS = 60_000;

/**
 * The commentaries installed where this process reads SWORD modules (zCom and zCom4), each opened once.
 * The list is read again after `forget()` (the library changed), when a root's mods.d folder changed (a
 * .conf added or removed, by the library or by hand), or after LIST_LIFE_MS.
 */
export class InstalledCommentaries {
  private listed?: { at: number; stamp: string; readers: ZVerseReader[] };

  constructor(
    private readonly roots: CommentaryRoots,
    private readonly log: { warn(message: string): void },
    private readonly now = () => Date.now(),
  ) {}

  forget(): void {
    this.listed = undefined;
  }

  /** Every installed commentary's entry on the verse, in module-name order; those without one are left out. */
  on(book: CanonBook, chapter: number, verse: number): CommentaryEntry[] {
    return this.readers().flatMap((reader) => {
      try {
        const entry = entryOf(reader, book, chapter, verse);
        return entry ? [entry] : [];
      } catch (error) {
        this.log.warn(`Commentary ${reader.module.name} could not be read at ${book.name} ${chapter}:${verse}: ${(error as Error).message}`);
        return [];
      }
    });
  }

  private readers(): ZVerseReader[] {
    const roots = [libraryRootIn(this.roots.dataDir), ...(this.roots.swordDiscovery ? defaultSwordRoots(this.roots.swordPaths) : [])];
    const stamp = roots.map(changedAt).join(' ');
    if (this.listed && this.listed.stamp === stamp && this.now() - this.listed.at < LIST_LIFE_MS) return this.listed.readers;
    const readers = discoverSwordModules(roots)
      .filter((m) => /^zcom4?$/i.test(m.driver))
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((m) => this.open(m));
    this.listed = { at: this.now(), stamp, readers };
    return readers;
  }

  private open(module: SwordModule): ZVerseReader[] {
    try {
      return [ZVerseReader.open(module)];
    } catch (error) {
      this.log.warn(`Commentary ${module.name} cannot be opened, so the study panel goes without it: ${(error as Error).message}`);
      return [];
    }
  }
}

/** When the root's list of modules last changed (-1 while it has none). */
function changedAt(root: string): number {
  try {
    return statSync(join(root, 'mods.d')).mtimeMs;
  } catch {
    return -1;
  }
}

function entryOf(reader: ZVerseReader, book: CanonBook, chapter: number, verse: number): CommentaryEntry | undefined {
  const entry = reader.commentaryEntry(book.osis, chapter, verse);
  if (!entry) return undefined;
  const all = paragraphsOf(osisToNodes(entry.markup, { keepIntroductions: true }));
  if (all.length === 0) return undefined;
  const { conf, name } = reader.module;
  return {
    module: name,
    name: conf.get('Description')?.trim() || name,
    licence: conf.get('DistributionLicense')?.trim() || 'Licence not stated',
    copyright: conf.get('ShortCopyright')?.trim() || conf.get('Copyright')?.trim() || null,
    on: placeName(book, entry.chapter, entry.verse),
    section: entry.chapter !== chapter || entry.verse !== verse,
    paragraphs: all.slice(0, COMMENTARY_PARAGRAPHS_MAX),
    more: Math.max(0, all.length - COMMENTARY_PARAGRAPHS_MAX),
  };
}

/** The entry's text split where its markup starts a paragraph; headings stay as paragraphs of their own. */
export function paragraphsOf(nodes: readonly VerseNode[]): string[] {
  const paragraphs: string[] = [];
  let current: VerseNode[] = [];
  const flush = () => {
    const text = plainText(current);
    if (text) paragraphs.push(text);
    current = [];
  };
  for (const node of nodes) {
    if (node.type === 'paragraph' || node.type === 'heading') {
      flush();
      if (node.type === 'heading' && node.text.trim()) paragraphs.push(node.text.replace(/\s+/g, ' ').trim());
    } else current.push(node);
  }
  flush();
  return paragraphs;
}

function placeName(book: CanonBook, chapter: number, verse: number): string {
  if (chapter === 0) return `${book.name} introduction`;
  if (verse === 0) return `${book.name} ${chapter} introduction`;
  return `${book.name} ${chapter}:${verse}`;
}
