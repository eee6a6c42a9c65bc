import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseConfSections, type SwordConf } from '../sword/conf.ts';
import { findSwordModule } from '../sword/discover.ts';
import { ZLdReader } from '../sword/zld.ts';
import { ZVerseReader } from '../sword/ztext.ts';
import { relativeDataPath } from './catalogue-entry.ts';
import { moduleDataDir, PackageError, type ModulePackage } from './module-package.ts';

/**
 * Installs a checked package into a SWORD root (`<root>/mods.d/<conf>` and its data folder). The files
 * are written to a staging folder inside the root and read back with Selah's own readers; only then
 * are they renamed into place, the older version of the module moved aside first and deleted last,
 * so a failure at any step leaves the old version installed and nothing half-written.
 */
export async function writeModulePackage(pkg: ModulePackage, root: string): Promise<{ confPath: string; dataDir: string }> {
  const base = resolve(root);
  const confPath = join(base, 'mods.d', pkg.confFile);
  const dataDir = join(base, pkg.dataDir);
  if (!isBelow(base, dataDir) || !isBelow(join(base, 'mods.d'), confPath) || isInside(join(base, 'mods.d'), dataDir)) {
    throw new PackageError(`${pkg.name}: its files would land outside the module's folders.`);
  }
  await mkdir(join(base, 'mods.d'), { recursive: true });
  const staging = await mkdtemp(join(base, '.staging-'));
  try {
    await mkdir(join(staging, 'mods.d'));
    await writeFile(join(staging, 'mods.d', pkg.confFile), pkg.confBytes);
    for (const file of pkg.files) {
      const target = join(staging, file.path);
      if (!isInside(join(staging, pkg.dataDir), target)) throw new PackageError(`${pkg.name}: ${file.path} is outside the module's folder.`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.bytes);
    }
    checkModuleData(staging, pkg.name);

    const others = installedModules(base).filter((m) => m.name.toLowerCase() !== pkg.name.toLowerCase());
    const clash = others.find((m) => m.dataDir && (isInside(m.dataDir, dataDir) || isInside(dataDir, m.dataDir)));
    if (clash) throw new PackageError(`${pkg.name}: its folder ${pkg.dataDir} holds ${clash.name}'s files too.`);
    const old = installedModules(base).filter((m) => m.name.toLowerCase() === pkg.name.toLowerCase());
    if (existsSync(confPath) && !old.some((m) => m.confPath === confPath)) {
      throw new PackageError(`${pkg.name}: mods.d/${pkg.confFile} is already there and is not this module's conf.`);
    }
    // The older version's files, and a folder left where the new data goes, are moved aside first.
    const confsAside = new Set(old.map((m) => m.confPath));
    const dirsAside = new Set([...old.flatMap((m) => (m.dataDir && existsSync(m.dataDir) ? [m.dataDir] : [])), ...(existsSync(dataDir) ? [dataDir] : [])]);
    const moves = [
      ...[...confsAside].map((from, i) => ({ from, to: join(staging, 'old', `conf-${i}`) })),
      ...[...dirsAside].map((from, i) => ({ from, to: join(staging, 'old', `data-${i}`) })),
      { from: join(staging, pkg.dataDir), to: dataDir },
      { from: join(staging, 'mods.d', pkg.confFile), to: confPath },
    ];
    await mkdir(join(staging, 'old'));
    try {
      await moveAll(moves);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new PackageError(`${pkg.name}: the files could not be moved into place (${code}); the installed version is unchanged.`);
    }
    return { confPath, dataDir };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Renames one after the other; when one fails, the ones done are renamed back, last first. */
async function moveAll(moves: readonly { from: string; to: string }[]): Promise<void> {
  const done: { from: string; to: string }[] = [];
  try {
    for (const move of moves) {
      await mkdir(dirname(move.to), { recursive: true });
      await rename(move.from, move.to);
      done.push(move);
    }
  } catch (error) {
    for (const move of done.reverse()) await rename(move.to, move.from).catch(() => undefined);
    throw error;
  }
}

/** Removes an installed module's conf and data folder; only paths under the root are touched. */
export async function removeModuleFiles(root: string, name: string): Promise<boolean> {
  const base = resolve(root);
  const all = installedModules(base);
  const found = all.filter((m) => m.name.toLowerCase() === name.toLowerCase());
  for (const module of found) {
    const shared = all.find(
      (m) => !found.includes(m) && m.dataDir && module.dataDir && (isInside(module.dataDir, m.dataDir) || isInside(m.dataDir, module.dataDir)),
    );
    // A folder another module also uses stays; only the conf goes.
    if (module.dataDir && !shared) await rm(module.dataDir, { recursive: true, force: true });
    await rm(module.confPath, { force: true });
  }
  return found.length > 0;
}

/**
 * Opens a module under `root` with the readers Selah serves it with, and reads all of it: a Bible or
 * commentary through its versification (whose record counts the index files must match), a
 * dictionary through its keys. A mismatch is a PackageError naming the module.
 */
export function checkModuleData(root: string, name: string): void {
  const module = findSwordModule(name, [root]);
  if (!module) throw new PackageError(`${name}: the installed conf cannot be read.`);
  try {
    if (module.type === 'Bible' || module.type === 'Commentary') {
      const reader = ZVerseReader.open(module);
      let found = 0;
      for (const book of reader.versification.books) {
        for (const entry of reader.bookEntries(book.osis)) if (entry.markup) found++;
      }
      if (found === 0) throw new Error('no verse has text');
    } else if (module.type === 'Dictionary') {
      const reader = ZLdReader.open(module);
      const keys = reader.keys();
      if (keys.length === 0) throw new Error('it has no entries');
      for (const key of [keys[0]!, keys[keys.length >> 1]!, keys.at(-1)!]) reader.lookup(key);
    } else {
      throw new Error(`Selah cannot read ${module.driver} modules`);
    }
  } catch (error) {
    throw new PackageError(`${module.name}: its data does not match its conf (${(error as Error).message}).`);
  }
}

interface InstalledModule {
  name: string;
  confPath: string;
  /** Absolute; undefined when the DataPath is unusable or leads out of the root. */
  dataDir?: string;
}

/** Every module section in `<root>/mods.d`, broken ones included, so that removal still finds them. */
function installedModules(root: string): InstalledModule[] {
  const modsD = join(root, 'mods.d');
  if (!existsSync(modsD)) return [];
  const found: InstalledModule[] = [];
  for (const file of readdirSync(modsD)) {
    if (!file.toLowerCase().endsWith('.conf')) continue;
    const confPath = join(modsD, file);
    let sections: SwordConf[];
    try {
      // A folder named like a conf, or a file that cannot be read, is passed over.
      sections = parseConfSections(readFileSync(confPath), confPath);
    } catch {
      continue;
    }
    for (const conf of sections) {
      if (!conf.get('DataPath') && !conf.get('ModDrv')) continue;
      const dataPath = relativeDataPath(conf.get('DataPath'));
      const folder = typeof dataPath === 'string' ? moduleDataDir(conf.get('ModDrv') ?? '', dataPath) : undefined;
      const dataDir = folder && isBelow(root, join(root, folder)) ? join(root, folder) : undefined;
      found.push({ name: conf.name, confPath, ...(dataDir ? { dataDir } : {}) });
    }
  }
  return found;
}

/** Whether `path` is `folder` itself or lies below it. */
function isInside(folder: string, path: string): boolean {
  return relative(folder, path) === '' || isBelow(folder, path);
}

/** Whether `path` lies below `folder` (not `folder` itself). */
function isBelow(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** A staging folder this old was left by a process that stopped mid-install (an install takes seconds). */
const ABANDONED_STAGING_MS = 60 * 60 * 1000;

/** Deletes staging folders left in the root by a process that stopped mid-install; answers how many. */
export async function removeAbandonedStaging(root: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || !entry.name.startsWith('.staging-')) continue;
    const path = join(root, entry.name);
    if (now - (await stat(path)).mtimeMs < ABANDONED_STAGING_MS) continue; // another process may be writing it
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
