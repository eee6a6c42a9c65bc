import { ZLdReader } from '../../scripture/sword/zld.ts';
import { parseStrongsEntry, type StrongsEntry } from '../../scripture/strongs/strongs-entry.ts';
import { NPM_STRONGS_LEXICON, npmStrongsEntry } from '../../scripture/strongs/npm-strongs.ts';
import { StudyModules, type StudyModuleRoots } from './installed-modules.ts';

export type LexiconEntry = StrongsEntry & { lexicon: { module: string; name: string; licence: string } };

/** The Strong's Greek and Hebrew dictionaries installed where this process reads SWORD modules (zLD, Feature GreekDef or HebrewDef). */
export class StrongsLexicons extends StudyModules<{ reader: ZLdReader; language: 'G' | 'H' }> {
  constructor(roots: StudyModuleRoots, log: { warn(message: string): void }, now = () => Date.now()) {
    super(
      roots,
      {
        what: "Strong's dictionary",
        wanted: (m) => /^zld$/i.test(m.driver) && languageOf(m.conf.getAll('Feature')) !== undefined,
        open: (m) => ({ reader: ZLdReader.open(m), language: languageOf(m.conf.getAll('Feature'))! }),
      },
      log,
      now,
    );
  }

  /**
   * The first installed dictionary's entry on the number ("G26"), in module-name order; else the npm
   * package's (so word study works where no SWORD lexicon is installed); undefined when none has it.
   */
  entry(number: string): LexiconEntry | undefined {
    const installed = this.installedEntry(number);
    if (installed) return installed;
    const packaged = npmStrongsEntry(number);
    return packaged && { ...packaged, lexicon: NPM_STRONGS_LEXICON };
  }

  private installedEntry(number: string): LexiconEntry | undefined {
    const language = number[0];
    // The modules' keys are the number without its letter, padded to five digits: "00026".
    const key = number.slice(1).padStart(5, '0');
    for (const { reader, language: of } of this.modules.list()) {
      if (of !== language) continue;
      try {
        const markup = reader.lookup(key);
        if (!markup) continue;
        const { conf, name } = reader.module;
        return {
          ...parseStrongsEntry(markup),
          lexicon: {
            module: name,
            name: conf.get('Description')?.trim() || name,
            licence: conf.get('DistributionLicense')?.trim() || 'Licence not stated',
          },
        };
      } catch (error) {
        this.log.warn(`Strong's dictionary ${reader.module.name} could not be read at ${number}: ${(error as Error).message}`);
      }
    }
    return undefined;
  }
}

function languageOf(features: readonly string[]): 'G' | 'H' | undefined {
  if (features.some((f) => f.trim() === 'GreekDef')) return 'G';
  if (features.some((f) => f.trim() === 'HebrewDef')) return 'H';
  return undefined;
}
