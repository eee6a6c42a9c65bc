import { join } from 'node:path';

/**
 * The SWORD root each process unpacks the library's installed modules into, inside its data folder. The
 * database holds what is installed; this folder is that process's copy (see modules/library/library-sync.ts).
 */
export const libraryRootIn = (dataDir: string) => join(dataDir, 'library');
