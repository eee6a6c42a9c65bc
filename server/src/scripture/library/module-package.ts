import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { parseConfSections, moduleTypeOf, type SwordConf } from '../sword/conf.ts';
import { relativeDataPath, type CatalogueEntry } from './catalogue-entry.ts';
import { licenceDecision } from './licence.ts';

/** Why a module package cannot be installed; the message names the module and is shown to admins. */
export class PackageError extends Error {
  /** The admin (or a shutdown) stopped the download: not a fault of the repository. */
  readonly cancelled: boolean;

  constructor(message: string, options: { cancelled?: boolean } = {}) {
    super(message);
    this.name = 'PackageError';
    this.cancelled = options.cancelled ?? false;
  }
}

/** A repository's `<Module>.zip`, checked and unpacked in memory; paths are relative to a SWORD root. */
export interface ModulePackage {
  /** The section of the zip's own conf (the catalogue's copy may be older). */
  readonly name: string;
  /** The conf's file name in `mods.d/` (`kjv.conf`, `engKJV2006eb.conf`). */
  readonly confFile: string;
  readonly confBytes: Buffer;
  readonly conf: SwordConf;
  /** The conf's DataPath without `./`: a folder, or a file prefix for dictionaries and general books. */
  readonly dataPath: string;
  /** The folder holding every data file (DataPath itself, or the folder of its prefix); no trailing slash. */
  readonly dataDir: string;
  /** The data files (the conf is not among them), each under dataDir. */
  readonly files: readonly { readonly path: string; readonly bytes: Buffer }[];
}

export interface PackageLimits {
  /** Unpacked bytes always allowed, whatever InstallSize says. */
  readonly floorBytes: number;
  /** Unpacked bytes never allowed, whatever InstallSize says. */
  readonly ceilingBytes: number;
  readonly maxEntries: number;
  readonly maxConfBytes: number;
}

export const PACKAGE_LIMITS: PackageLimits = { floorBytes: 64 * 2 ** 20, ceilingBytes: 512 * 2 ** 20, maxEntries: 10_000, maxConfBytes: 256 * 2 ** 10 };

/** The most a package may unpack to: four times its InstallSize (a floor for small or silent confs), capped. */
export function unpackedByteCap(entry: CatalogueEntry, limits: PackageLimits = PACKAGE_LIMITS): number {
  return Math.min(limits.ceilingBytes, Math.max(4 * (entry.installSize ?? 0), limits.floorBytes));
}

/**
 * The folder holding a module's data: DataPath itself, or for the drivers whose DataPath ends in a
 * file-name prefix (dictionaries, general books) the folder of that prefix, as SWORD cuts it.
 * Undefined when that leaves no folder of the module's own.
 */
export function moduleDataDir(driver: string, dataPath: string): string | undefined {
  const folder = /^(zld|rawld4?|rawgenbook)$/i.test(driver) ? posix.dirname(dataPath) : dataPath.replace(/\/+$/, '');
  if (!folder || folder === '.' || folder === 'mods.d' || folder.startsWith('mods.d/')) return undefined;
  return folder;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const MADE_BY_UNIX = 3;

/**
 * Reads and checks a module zip before anything is written: every entry inside `mods.d/` or the
 * module's data folder, no links, one conf and it is the requested module's, the size caps, the CRCs,
 * a driver SWORD knows, not enciphered and a licence that lets this site give the text away.
 */
export async function readModulePackage(zip: Buffer, entry: CatalogueEntry, limits: PackageLimits = PACKAGE_LIMITS): Promise<ModulePackage> {
  const fail = (why: string) => new PackageError(`${entry.name}: ${why}`);
  let archive: ZipFile;
  try {
    archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true });
  } catch (error) {
    throw fail(`the package is not a zip archive, or it is incomplete (${(error as Error).message}).`);
  }
  try {
    return await readArchive(archive, entry, limits, fail);
  } finally {
    archive.close();
  }
}

async function readArchive(archive: ZipFile, entry: CatalogueEntry, limits: PackageLimits, fail: (why: string) => PackageError): Promise<ModulePackage> {
  if (archive.entryCount > limits.maxEntries) throw fail(`the package holds ${archive.entryCount} files, more than ${limits.maxEntries}.`);
  const entries: Entry[] = [];
  try {
    for await (const item of archive.eachEntry()) entries.push(item);
  } catch (error) {
    throw fail(unsafeNameMessage((error as Error).message));
  }

  const files: Entry[] = [];
  for (const item of entries) {
    const name = item.fileName;
    const segments = name.replace(/\/$/, '').split('/');
    if (segments.some((s) => s === '' || s === '.')) throw fail(`the package holds "${name}", which is not a plain path.`);
    if (item.versionMadeBy >> 8 === MADE_BY_UNIX) {
      const type = (item.externalFileAttributes >>> 16) & S_IFMT;
      if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) throw fail(`the package holds "${name}", a link or special file.`);
    }
    if (item.isEncrypted()) throw fail(`the package holds "${name}" encrypted.`);
    if (!name.endsWith('/')) files.push(item);
  }

  const confEntries = files.filter((f) => f.fileName.startsWith('mods.d/'));
  if (confEntries.length === 0) throw fail('the package has no conf in mods.d/.');
  for (const c of confEntries) {
    if (!/^mods\.d\/[^/]+\.conf$/i.test(c.fileName)) throw fail(`the package holds "${c.fileName}" in mods.d/, which is not a conf.`);
    if (c.uncompressedSize > limits.maxConfBytes) throw fail(`its conf ${c.fileName} is larger than ${limits.maxConfBytes} bytes.`);
  }
  const confs: { item: Entry; bytes: Buffer; conf: SwordConf }[] = [];
  for (const item of confEntries) {
    const bytes = await inflate(archive, item, limits.maxConfBytes, fail);
    let sections: SwordConf[];
    try {
      sections = parseConfSections(bytes, item.fileName);
    } catch {
      throw fail(`${item.fileName} has no [ModuleName] section.`);
    }
    const modules = sections.filter((s) => s.name && s.name.toLowerCase() !== 'globals');
    const own = modules.find((s) => s.name.toLowerCase() === entry.name.toLowerCase());
    if (!own) throw fail(`the package's conf ${item.fileName} is for ${modules.map((s) => s.name).join(', ') || 'no module'}, not ${entry.name}.`);
    confs.push({ item, bytes, conf: own });
  }
  if (confs.length > 1) throw fail(`the package holds ${confs.length} confs for the module; it must hold one.`);
  const { item: confItem, bytes: confBytes, conf } = confs[0]!;

  const driver = conf.get('ModDrv');
  if (!driver) throw fail('its conf has no ModDrv: SWORD could not open the module.');
  if (!moduleTypeOf(driver)) throw fail(`ModDrv=${driver} is not a driver SWORD knows.`);
  const dataPath = relativeDataPath(conf.get('DataPath'));
  if (typeof dataPath !== 'string') throw fail(dataPath.reason);
  const dataDir = moduleDataDir(driver, dataPath);
  if (!dataDir) throw fail(`DataPath=${conf.get('DataPath')} names no folder of its own.`);
  if (conf.get('CipherKey') !== undefined) throw fail('the module is enciphered (locked); Selah does not install locked modules.');
  const licence = licenceDecision(conf.get('DistributionLicense'));
  if (!licence.redistributable) throw fail(`its licence does not allow this site to share it: ${licence.reason}`);

  const inside = (path: string) => path.startsWith(`${dataDir}/`);
  const data = files.filter((f) => !f.fileName.startsWith('mods.d/'));
  const outside = data.filter((f) => !inside(f.fileName));
  if (outside.length > 0) {
    if (outside.length === data.length) {
      const where = posix.dirname(outside[0]!.fileName);
      throw fail(`its conf says DataPath=${conf.get('DataPath')}, but the package's files are in ${where}/.`);
    }
    throw fail(`the package holds "${outside[0]!.fileName}", outside mods.d/ and the module's folder ${dataDir}/.`);
  }
  if (data.length === 0) throw fail('the package holds a conf but no module files.');

  // The central directory's sizes are checked against what inflates (validateEntrySizes), so a bomb
  // is refused here, before a byte of it is unpacked; inflate() stops at the cap all the same.
  const cap = unpackedByteCap(entry, limits);
  const declared = data.reduce((sum, f) => sum + f.uncompressedSize, confItem.uncompressedSize);
  if (declared > cap) throw fail(`the package unpacks to ${declared} bytes, more than the ${cap} allowed for it.`);
  let budget = cap - confBytes.length;
  const out: { path: string; bytes: Buffer }[] = [];
  for (const item of data) {
    const bytes = await inflate(archive, item, budget, fail);
    budget -= bytes.length;
    out.push({ path: item.fileName, bytes });
  }
  return { name: conf.name, confFile: posix.basename(confItem.fileName), confBytes, conf, dataPath, dataDir, files: out };
}

/** One entry's bytes, refused past `max` bytes or when its CRC-32 is wrong. */
async function inflate(archive: ZipFile, item: Entry, max: number, fail: (why: string) => PackageError): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let stream: Readable | undefined;
  try {
    stream = await archive.openReadStreamPromise(item);
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > max) {
        stream.destroy();
        throw fail(`${item.fileName} unpacks to more than the ${max} bytes left for the package.`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof PackageError) throw error;
    throw fail(`${item.fileName} cannot be unpacked (${(error as Error).message}).`);
  }
  const bytes = Buffer.concat(chunks);
  if (crc32(bytes) !== item.crc32) throw fail(`${item.fileName} is damaged (its CRC-32 does not match).`);
  return bytes;
}

/** yauzl's refusals of unsafe names, as an admin reads them. */
function unsafeNameMessage(message: string): string {
  const named = /^(invalid characters in fileName|absolute path|invalid relative path): (.*)$/.exec(message);
  if (!named) return `the package cannot be read (${message}).`;
  const why = named[1] === 'invalid characters in fileName' ? 'a backslash' : named[1] === 'absolute path' ? 'an absolute path' : 'a ".." step';
  return `the package holds "${named[2]}", whose name has ${why}: it could write outside the module's folders.`;
}
