import { versificationNames } from '../sword/versification.ts';
import type { CatalogueEntry } from './catalogue-entry.ts';

/** The drivers Selah's SWORD readers open (sword/ztext.ts, sword/zld.ts), by module kind. */
const READABLE_DRIVERS: Readonly<Record<CatalogueEntry['kind'], readonly string[]>> = {
  bible: ['ztext', 'ztext4'],
  commentary: ['zcom', 'zcom4'],
  dictionary: ['zld'],
  'topical-index': ['zld'],
  'general-book': [],
};

const COMPRESSIONS = new Set(['ZIP', 'LZSS']);

/** Null when Selah can read the module; else why not, in words an admin understands. */
export function unsupportedReason(entry: Pick<CatalogueEntry, 'kind' | 'driver' | 'versification' | 'compression'>): string | null {
  if (!READABLE_DRIVERS[entry.kind].includes(entry.driver.toLowerCase())) {
    return entry.kind === 'general-book'
      ? 'Selah does not read general books yet.'
      : `Selah does not read ${entry.driver} modules yet (it reads the compressed zText, zCom and zLD formats).`;
  }
  if (entry.compression && !COMPRESSIONS.has(entry.compression.toUpperCase())) return `Selah does not read ${entry.compression} compression.`;
  if ((entry.kind === 'bible' || entry.kind === 'commentary') && !versificationNames().some((n) => n.toLowerCase() === entry.versification.toLowerCase())) {
    return `Selah does not know the ${entry.versification} versification.`;
  }
  return null;
}
