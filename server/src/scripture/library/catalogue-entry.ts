import { moduleTypeOf, type SwordConf } from '../sword/conf.ts';
import { isTopicalIndex } from '../topics/topical-index.ts';
import { aboutParagraphs } from './about.ts';
import { licenceDecision, type LicenceDecision } from './licence.ts';
import { DEFAULT_VERSION } from './version.ts';

/** The kinds the admin panel filters by (issue 30 §1). */
export type ModuleKind = 'bible' | 'commentary' | 'dictionary' | 'topical-index' | 'general-book';

/** One module a repository offers, as its conf describes it. */
export interface CatalogueEntry {
  /** The conf's `[Section]`: the module's name (never derived from the file name). */
  readonly name: string;
  readonly kind: ModuleKind;
  /** `ModDrv` as written: zText, zCom4, zLD … */
  readonly driver: string;
  /** A canonical BCP 47 tag (`en`, `grc`, `zh-Hant`); `en` when the conf names none, `und` when it is not a tag. */
  readonly language: string;
  /** `Version` as written, 1.0 when missing (compare with compareVersions). */
  readonly version: string;
  readonly versionDate?: string;
  /** Bytes on disk once installed (`InstallSize`), when the conf says. */
  readonly installSize?: number;
  /** `Description`, or the name when there is none. */
  readonly description: string;
  readonly licence: LicenceDecision;
  /** `ShortCopyright`, else `Copyright`: the line shown under a chapter. */
  readonly copyright?: string;
  /** Enciphered (`CipherKey` present): listed, never installed. */
  readonly locked: boolean;
  /** `About` as plain paragraphs; a paragraph's lines are joined by `\n`. */
  readonly about: string[];
  /** `DataPath` relative to the repository's root, without `./`: a folder, or a file prefix for dictionaries. */
  readonly dataPath: string;
  readonly features: readonly string[];
  /** `Versification`, KJV when missing (as in SWORD). */
  readonly versification: string;
  /** `CompressType` (ZIP, LZSS …) when the conf names one. */
  readonly compression?: string;
  /** The conf file in `mods.d/` it came from. */
  readonly file: string;
}

/** A conf section the catalogue could not list, and why (shown to admins). */
export interface SkippedEntry {
  readonly file: string;
  readonly name?: string;
  readonly reason: string;
}

/** The catalogue entry of one conf section, or why it is skipped. A topical index is told from other dictionaries by `isTopicalIndex`. */
export function catalogueEntry(conf: SwordConf, file: string): { entry: CatalogueEntry } | { skipped: SkippedEntry } {
  const skip = (reason: string) => ({ skipped: { file, ...(conf.name ? { name: conf.name } : {}), reason } });
  if (!conf.name) return skip('The conf has no [ModuleName] section name.');
  const driver = conf.get('ModDrv');
  if (!driver) return skip('The conf has no ModDrv: SWORD could not open the module.');
  const type = moduleTypeOf(driver);
  if (!type) return skip(`ModDrv=${driver} is not a driver SWORD knows.`);
  const dataPath = relativeDataPath(conf.get('DataPath'));
  if (typeof dataPath !== 'string') return skip(dataPath.reason);

  const description = conf.get('Description') || conf.name;
  let kind: ModuleKind = type === 'Bible' ? 'bible' : type === 'Commentary' ? 'commentary' : type === 'GenBook' ? 'general-book' : 'dictionary';
  if (kind === 'dictionary' && isTopicalIndex(conf)) kind = 'topical-index';
  const installSize = Number(conf.get('InstallSize'));
  return {
    entry: {
      name: conf.name,
      kind,
      driver,
      language: languageTag(conf.get('Lang')),
      version: conf.get('Version') || DEFAULT_VERSION,
      versionDate: conf.get('SwordVersionDate') || undefined,
      installSize: Number.isSafeInteger(installSize) && installSize >= 0 && conf.get('InstallSize') ? installSize : undefined,
      description,
      licence: licenceDecision(conf.get('DistributionLicense')),
      copyright: conf.get('ShortCopyright') || conf.get('Copyright') || undefined,
      locked: conf.get('CipherKey') !== undefined,
      about: aboutParagraphs(conf.get('About')),
      dataPath,
      features: conf.getAll('Feature'),
      versification: conf.get('Versification') || 'KJV',
      compression: conf.get('CompressType') || undefined,
      file,
    },
  };
}

/** The DataPath as a path under the repository's root, refused when it could lead out of it. */
export function relativeDataPath(dataPath: string | undefined): string | { reason: string } {
  if (!dataPath) return { reason: 'The conf has no DataPath: there is nothing to install.' };
  const path = dataPath.replace(/^(\.\/|\/)+/, '');
  const segments = path.split('/');
  if (!path || path.includes('\\') || /^[a-zA-Z]:/.test(path) || segments.some((s) => s === '..' || s === '.')) {
    return { reason: `DataPath=${dataPath} does not name a place inside the repository.` };
  }
  return path;
}

function languageTag(lang: string | undefined): string {
  if (!lang) return 'en'; // what SWORD front-ends assume for a conf without Lang
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? 'und';
  } catch {
    return 'und';
  }
}
