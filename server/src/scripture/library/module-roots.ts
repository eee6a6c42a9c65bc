import { statSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSwordRoots } from '../sword/discover.ts';
import { libraryRootIn } from './library-root.ts';

/** What says where a site's SWORD modules are (the app's config has these). */
export type ModuleRootsConfig = { swordDiscovery: boolean; swordPaths: string[]; dataDir: string };

/** Where the study tools and the AI look for modules: the library's folder first, then (when discovery is on) the machine's SWORD roots. */
export function moduleRoots(config: ModuleRootsConfig): string[] {
  return [libraryRootIn(config.dataDir), ...(config.swordDiscovery ? defaultSwordRoots(config.swordPaths) : [])];
}

/** When each root's list of modules last changed (a .conf added or removed, by the library or by hand), as one stamp. */
export function moduleListsStamp(roots: readonly string[]): string {
  return roots
    .map((root) => {
      try {
        return statSync(join(root, 'mods.d')).mtimeMs;
      } catch {
        return -1;
      }
    })
    .join(' ');
}
