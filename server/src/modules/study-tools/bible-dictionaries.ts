import type { DictionaryEntry, DictionaryEntryReply } from '#common/contracts/study-tools.ts';
import { DICTIONARY_PARAGRAPHS_MAX } from '#common/contracts/study-tools.ts';
import { isBibleDictionary } from '../../scripture/dictionary/bible-dictionary.ts';
import { entryParagraphs } from '../../scripture/dictionary/entry-paragraphs.ts';
import { ZLdReader } from '../../scripture/sword/zld.ts';
import { StudyModules, type StudyModuleRoots } from './installed-modules.ts';
import { readableParts } from './installed-commentaries.ts';

// A paragraph with no sentence to cut it at (a list of places run together) is cut here.
const PARAGRAPH_CHARS_MAX = 2_000;

/** The Bible dictionaries (zLD, see isBibleDictionary) installed where this process reads SWORD modules, each opened once. */
export class BibleDictionaries extends StudyModules<ZLdReader> {
  constructor(roots: StudyModuleRoots, log: { warn(message: string): void }, now = () => Date.now()) {
    super(roots, { what: 'Bible dictionary', wanted: (m) => /^zld$/i.test(m.driver) && isBibleDictionary(m.conf), open: (m) => ZLdReader.open(m) }, log, now);
  }

  /** The installed dictionaries that have the key, with the first one's spelling of it; undefined when none has. */
  having(key: string): { key: string; dictionaries: { module: string; name: string }[] } | undefined {
    let spelled: string | undefined;
    const dictionaries: { module: string; name: string }[] = [];
    for (const reader of this.modules.list()) {
      const own = reader.keyOf(key);
      if (own === undefined) continue;
      spelled ??= own;
      dictionaries.push({ module: reader.module.name, name: nameOf(reader) });
    }
    return spelled === undefined ? undefined : { key: spelled, dictionaries };
  }

  /** Every installed dictionary's entry under the key, as plain paragraphs; undefined when none has one. */
  entry(key: string): DictionaryEntryReply | undefined {
    let spelled: string | undefined;
    const entries: DictionaryEntry[] = [];
    for (const reader of this.modules.list()) {
      try {
        const own = reader.keyOf(key);
        const markup = own === undefined ? undefined : reader.lookup(own);
        if (own === undefined || markup === undefined) continue;
        let paragraphs = entryParagraphs(markup).flatMap(readableParts);
        // TEI entries start with their headword, which the reader's heading already shows.
        if (paragraphs[0]?.toUpperCase() === own.toUpperCase()) paragraphs = paragraphs.slice(1);
        if (paragraphs.length === 0) continue;
        spelled ??= own;
        const { conf, name } = reader.module;
        entries.push({
          module: name,
          name: nameOf(reader),
          licence: conf.get('DistributionLicense')?.trim() || 'Licence not stated',
          copyright: conf.get('ShortCopyright')?.trim() || conf.get('Copyright')?.trim() || null,
          paragraphs: paragraphs.slice(0, DICTIONARY_PARAGRAPHS_MAX).map((p) => (p.length > PARAGRAPH_CHARS_MAX ? `${p.slice(0, PARAGRAPH_CHARS_MAX)}…` : p)),
          more: Math.max(0, paragraphs.length - DICTIONARY_PARAGRAPHS_MAX),
        });
      } catch (error) {
        this.log.warn(`Bible dictionary ${reader.module.name} could not be read at "${key}": ${(error as Error).message}`);
      }
    }
    return spelled === undefined ? undefined : { key: spelled, entries };
  }
}

const nameOf = (reader: ZLdReader) => reader.module.conf.get('Description')?.trim() || reader.module.name;
