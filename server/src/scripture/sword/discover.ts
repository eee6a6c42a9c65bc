import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

import { moduleTypeOf, parseConf, type SwordConf, type SwordModuleType } from './conf.ts';

/** A module found under a SWORD root: enough to open it with the reader for its driver. */
export interface SwordModule {
  /** Unique module name, the .conf section ("engKJV2006eb"). */
  name: string;
  conf: SwordConf;
  /** The SWORD root (the folder holding mods.d) the module was found in. */
  root: string;
  /** Absolute DataPath: a folder for verse-keyed modules, a file-name prefix for dictionaries. */
  dataPath: string;
  /** `ModDrv` as the .conf spells it ("zText", "zCom4", "zLD"). */
  driver: string;
  type: SwordModuleType;
}

/**
 * The roots SWORD itself searches, most specific first: each path in SWORD_PATH (colon-separated),
 * then ~/.sword, then the system library. A root only counts when it has a mods.d folder.
 */
export function defaultSwordRoots(
  paths: readonly string[] = (process.env.SWORD_PATH ?? '').split(':').filter(Boolean),
  home = process.env.HOME || homedir(),
): string[] {
  const roots = [...paths, join(home, '.sword'), '/usr/share/sword'];
  return [...new Set(roots.map((r) => resolve(r)))];
}

/**
 * Every module in the given roots (default: defaultSwordRoots()). When two roots hold a module of the
 * same name, the earlier root wins, so a user's copy overrides the system one. Unreadable or
 * unsupported .conf files are skipped: one broken module must not hide the others.
 */
export function discoverSwordModules(roots: readonly string[] = defaultSwordRoots()): SwordModule[] {
  const found = new Map<string, SwordModule>();
  for (const root of roots) {
    for (const module of modulesInRoot(resolve(root))) if (!found.has(module.name)) found.set(module.name, module);
  }
  return [...found.values()];
}

/** One module by name (case-insensitive, as SWORD matches names). */
export function findSwordModule(name: string, roots?: readonly string[]): SwordModule | undefined {
  const lower = name.toLowerCase();
  return discoverSwordModules(roots).find((m) => m.name.toLowerCase() === lower);
}

function modulesInRoot(root: string): SwordModule[] {
  const modsD = join(root, 'mods.d');
  if (!isDirectory(modsD)) return [];
  const modules: SwordModule[] = [];
  for (const entry of readdirSync(modsD).sort()) {
    if (!entry.toLowerCase().endsWith('.conf')) continue;
    const file = join(modsD, entry);
    let conf: SwordConf;
    try {
      conf = parseConf(readFileSync(file), file);
    } catch {
      continue;
    }
    const driver = conf.get('ModDrv');
    const dataPath = conf.get('DataPath');
    const type = driver ? moduleTypeOf(driver) : undefined;
    if (!driver || !dataPath || !type) continue;
    modules.push({ name: conf.name, conf, root, dataPath: resolve(root, dataPath), driver, type });
  }
  return modules;
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
