import type { CanonBook } from '#common/scripture/canon.ts';
import type { PassageRange } from '#common/scripture/reference.ts';
import { carriesCrossReferences, crossReferenceNotes, isCrossReferenceWork, referencesInEntry } from '../../scripture/cross-references/module-references.ts';
import { ZVerseReader } from '../../scripture/sword/ztext.ts';
import { StudyModules, type StudyModuleRoots } from './installed-modules.ts';

/** One installed module's references for a verse. */
export interface ModuleCrossReferences {
  module: string;
  /** Its Description: "The Treasury of Scripture Knowledge". */
  name: string;
  references: PassageRange[];
}

/**
 * The installed modules that give cross references: cross-reference works installed as commentaries
 * (the Treasury of Scripture Knowledge) and Bibles whose text carries cross-reference notes (the WEB).
 * A module is read at the verse as the commentaries are, in its own versification.
 */
export class InstalledCrossReferences extends StudyModules<ZVerseReader> {
  constructor(roots: StudyModuleRoots, log: { warn(message: string): void }, now = () => Date.now()) {
    super(
      roots,
      {
        what: 'Cross-reference module',
        wanted: (m) => (/^zcom4?$/i.test(m.driver) && isCrossReferenceWork(m.name, m.conf)) || (/^ztext4?$/i.test(m.driver) && carriesCrossReferences(m.conf)),
        open: (m) => ZVerseReader.open(m),
      },
      log,
      now,
    );
  }

  /** Each module's references for the verse, in module-name order; modules with none are left out. */
  on(book: CanonBook, chapter: number, verse: number): ModuleCrossReferences[] {
    return this.modules.list().flatMap((reader) => {
      const { name, conf, type } = reader.module;
      try {
        // Only the verse's own entry: a cross-reference work's entry on another verse is about that verse.
        const markup = reader.readEntry(book.osis, chapter, verse);
        if (!markup) return [];
        const place = { book, chapter };
        const references = type === 'Bible' ? crossReferenceNotes(markup, place) : referencesInEntry(markup, place);
        return references.length > 0 ? [{ module: name, name: conf.get('Description')?.trim() || name, references }] : [];
      } catch (error) {
        this.log.warn(`Cross-reference module ${name} could not be read at ${book.name} ${chapter}:${verse}: ${(error as Error).message}`);
        return [];
      }
    });
  }
}
