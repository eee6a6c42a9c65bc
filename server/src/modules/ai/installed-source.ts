import { moduleRoots, type ModuleRootsConfig } from '../../scripture/library/module-roots.ts';
import { findSwordModule, type SwordModule } from '../../scripture/sword/discover.ts';

/**
 * A study source read from a SWORD module (Nave's, a commentary): one the admin installed from the
 * library, else (when discovery is on) one installed on this machine; nothing otherwise, or when it cannot be read — the AI then goes without it,
 * and the log says so (`without` finishes the sentence "… could not be read, so the AI …").
 */
/** Where study sources are looked for: the library's folder, and the system's SWORD roots when discovery is on. */
export type SourceRoots = ModuleRootsConfig;

export function installedSource<T>(
  module: string,
  config: SourceRoots,
  log: { warn(message: string): void },
  open: (module: SwordModule) => T,
  without: string,
): T | undefined {
  const found = findInstalledModule(module, config);
  return found && openSource(found, log, open, without);
}

/** The module of that name the library installed, else (when discovery is on) one installed on this machine. */
export function findInstalledModule(module: string, config: SourceRoots): SwordModule | undefined {
  return findSwordModule(module, moduleRoots(config));
}

/** Opens a found module as a study source; undefined (and a line in the log) when it cannot be read. */
export function openSource<T>(found: SwordModule, log: { warn(message: string): void }, open: (module: SwordModule) => T, without: string): T | undefined {
  const module = found.name;
  try {
    return open(found);
  } catch (error) {
    log.warn(`${module} could not be read, so the AI ${without}: ${(error as Error).message}`);
    return undefined;
  }
}
