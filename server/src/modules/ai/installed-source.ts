import { libraryRootIn } from '../../scripture/library/library-root.ts';
import { defaultSwordRoots, findSwordModule, type SwordModule } from '../../scripture/sword/discover.ts';

/**
 * A study source read from a SWORD module (Nave's, a commentary): one the admin installed from the
 * library, else (when discovery is on) one installed on this machine; nothing otherwise, or when it cannot be read — the AI then goes without it,
 * and the log says so (`without` finishes the sentence "… could not be read, so the AI …").
 */
/** Where study sources are looked for: the library's folder, and the system's SWORD roots when discovery is on. */
export type SourceRoots = { swordDiscovery: boolean; swordPaths: string[]; dataDir: string };

export function installedSource<T>(
  module: string,
  config: SourceRoots,
  log: { warn(message: string): void },
  open: (module: SwordModule) => T,
  without: string,
): T | undefined {
  const roots = [libraryRootIn(config.dataDir), ...(config.swordDiscovery ? defaultSwordRoots(config.swordPaths) : [])];
  const found = findSwordModule(module, roots);
  if (!found) return undefined;
  try {
    return open(found);
  } catch (error) {
    log.warn(`${module} could not be read, so the AI ${without}: ${(error as Error).message}`);
    return undefined;
  }
}
