import { defaultSwordRoots, findSwordModule, type SwordModule } from '../../scripture/sword/discover.ts';

/**
 * A study source read from a SWORD module on this machine (Nave's, a commentary): when discovery is on
 * and the module is installed; nothing otherwise, or when it cannot be read — the AI then goes without it,
 * and the log says so (`without` finishes the sentence "… could not be read, so the AI …").
 */
export function installedSource<T>(
  module: string,
  config: { swordDiscovery: boolean; swordPaths: string[] },
  log: { warn(message: string): void },
  open: (module: SwordModule) => T,
  without: string,
): T | undefined {
  if (!config.swordDiscovery) return undefined;
  const found = findSwordModule(module, defaultSwordRoots(config.swordPaths));
  if (!found) return undefined;
  try {
    return open(found);
  } catch (error) {
    log.warn(`${module} could not be read, so the AI ${without}: ${(error as Error).message}`);
    return undefined;
  }
}
