import { gunzipSync } from 'node:zlib';
import { extract, type Header } from 'tar-stream';
import { parseConfSections } from '../sword/conf.ts';
import { catalogueEntry, type CatalogueEntry, type SkippedEntry } from './catalogue-entry.ts';

/** A catalogue that cannot be read at all; its message names the repository and says what is wrong. */
export class CatalogueError extends Error {}

/** Bounds on what a catalogue may unpack to: the real ones hold a few thousand confs of a few KiB. */
export interface CatalogueLimits {
  /** The tar's size once gunzipped. */
  readonly maxTarBytes: number;
  readonly maxEntries: number;
  readonly maxConfBytes: number;
}

export const CATALOGUE_LIMITS: CatalogueLimits = { maxTarBytes: 64 * 2 ** 20, maxEntries: 20_000, maxConfBytes: 256 * 2 ** 10 };

export interface Catalogue {
  /** Sorted by name; one entry per module name (the first conf wins, as in SWORD). */
  readonly entries: CatalogueEntry[];
  readonly skipped: SkippedEntry[];
}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Reads `mods.d.tar.gz`: every `mods.d/*.conf` of the archive, parsed with the reader the local SWORD
 * modules use. A bad archive (not gzip, not tar, truncated, too big) throws CatalogueError; a bad conf in
 * a good archive is skipped with its reason, and the rest of the catalogue stands.
 */
export async function readCatalogueArchive(archive: Uint8Array, limits: CatalogueLimits = CATALOGUE_LIMITS): Promise<Catalogue> {
  const tar = gunzipCatalogue(archive, limits);
  const files = await confFiles(tar, limits);
  const entries = new Map<string, CatalogueEntry>();
  const skipped: SkippedEntry[] = [...files.skipped];
  for (const { file, bytes } of files.confs) {
    let sections;
    try {
      sections = parseConfSections(bytes, file);
    } catch (error) {
      skipped.push({ file, reason: error instanceof Error ? `${error.message}.` : 'The conf cannot be read.' });
      continue;
    }
    for (const conf of sections) {
      // A leading [Globals] section (MHCC's conf has one) holds settings, not a module.
      if (conf.name.toLowerCase() === 'globals' && conf.get('ModDrv') === undefined) continue;
      const result = catalogueEntry(conf, file);
      if ('skipped' in result) skipped.push(result.skipped);
      else if (entries.has(result.entry.name.toLowerCase())) {
        skipped.push({
          file,
          name: result.entry.name,
          reason: `Another conf (${entries.get(result.entry.name.toLowerCase())!.file}) already describes this module.`,
        });
      } else entries.set(result.entry.name.toLowerCase(), result.entry);
    }
  }
  return { entries: [...entries.values()].sort((a, b) => a.name.localeCompare(b.name, 'en')), skipped };
}

function gunzipCatalogue(archive: Uint8Array, limits: CatalogueLimits): Buffer {
  const bytes = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) {
    // A server that sends the file with Content-Encoding: gzip has it unpacked by the HTTP client already.
    if (looksLikeTar(bytes)) return bytes;
    throw new CatalogueError('The catalogue is not a gzip file (mods.d.tar.gz).');
  }
  try {
    return gunzipSync(bytes, { maxOutputLength: limits.maxTarBytes });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new CatalogueError(`The catalogue unpacks to more than ${limits.maxTarBytes} bytes.`);
    if (code === 'Z_BUF_ERROR') throw new CatalogueError('The catalogue is truncated: the gzip data ends early.');
    throw new CatalogueError('The catalogue is not valid gzip data.');
  }
}

function looksLikeTar(bytes: Buffer): boolean {
  return bytes.length >= 512 && bytes.toString('latin1', 257, 262) === 'ustar';
}

interface ConfFiles {
  confs: { file: string; bytes: Buffer }[];
  skipped: SkippedEntry[];
}

async function confFiles(tar: Buffer, limits: CatalogueLimits): Promise<ConfFiles> {
  const found: ConfFiles = { confs: [], skipped: [] };
  const reader = extract();
  let count = 0;
  try {
    reader.end(tar);
    for await (const entry of reader) {
      if (++count > limits.maxEntries) throw new CatalogueError(`The catalogue holds more than ${limits.maxEntries} entries.`);
      const place = confPlace(entry.header);
      if (place === 'ignore' || 'reason' in place) {
        if (place !== 'ignore') found.skipped.push({ file: entry.header.name, reason: place.reason });
        entry.resume();
        continue;
      }
      if ((entry.header.size ?? 0) > limits.maxConfBytes) {
        found.skipped.push({ file: place.file, reason: `The conf is larger than ${limits.maxConfBytes} bytes.` });
        entry.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) found.skipped.push({ file: place.file, reason: 'The conf is empty.' });
      else found.confs.push({ file: place.file, bytes });
    }
  } catch (error) {
    if (error instanceof CatalogueError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/unexpected end/i.test(message)) throw new CatalogueError('The catalogue is truncated: the tar archive ends early.');
    throw new CatalogueError('The catalogue is not a tar archive of mods.d/.');
  } finally {
    reader.destroy();
  }
  return found;
}

/**
 * Where a tar entry sits: a conf directly in `mods.d/` (`./mods.d/x.conf` too), something to pass over
 * quietly (the folder itself, macOS `._` files, other files of mods.d/), or a name the catalogue must
 * not hold (outside mods.d/, `..`, absolute, a link).
 */
function confPlace(header: Header): { file: string } | { reason: string } | 'ignore' {
  const name = header.name.replace(/^(\.\/)+/, '');
  if (header.type === 'directory' && /^mods\.d\/?$/.test(name)) return 'ignore';
  const match = /^mods\.d\/([^/\\]+)$/.exec(name);
  if (!match || match[1] === '..' || match[1] === '.') return { reason: 'The entry is outside mods.d/.' };
  const base = match[1]!;
  if (base.startsWith('._') || !base.toLowerCase().endsWith('.conf')) return 'ignore';
  if (header.type !== 'file' && header.type !== 'contiguous-file') return { reason: `The entry is a ${header.type ?? 'special file'}, not a file.` };
  return { file: name };
}
