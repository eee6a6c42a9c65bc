import { parseConfSections } from '../../scripture/sword/conf.ts';
import { catalogueEntry, type CatalogueEntry } from '../../scripture/library/catalogue-entry.ts';

/** The catalogue entry of an installed module, from the conf it was installed with. */
export function readCatalogueEntry(conf: Buffer, name: string): CatalogueEntry {
  const section = parseConfSections(conf, `${name}.conf`).find((s) => s.name.toLowerCase() === name.toLowerCase());
  const read = section && catalogueEntry(section, `${name}.conf`);
  if (!read || !('entry' in read)) throw new Error(`The stored conf of ${name} cannot be read.`);
  return read.entry;
}
