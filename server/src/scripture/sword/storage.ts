import { closeSync, openSync, readSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

import { ImportError } from '../importers/types.ts';
import type { SwordEncoding } from './conf.ts';
import type { SwordModule } from './discover.ts';
import { lzssDecompress } from './lzss.ts';

/** Reads `length` bytes at `offset`; blocks are read once each (then cached), so no file stays open. */
export function readRange(path: string, offset: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  const fd = openSync(path, 'r');
  try {
    let done = 0;
    while (done < length) {
      const n = readSync(fd, out, done, length - done, offset + done);
      if (n === 0) throw new ImportError(path, `bytes ${offset}–${offset + length}`, 'file ends early');
      done += n;
    }
  } finally {
    closeSync(fd);
  }
  return out;
}

export type SwordCompression = 'ZIP' | 'LZSS';

/**
 * How a zText, zCom or zLD module's blocks are compressed: its CompressType, LZSS when the .conf names
 * none (as SWORD reads it). BZIP2 and XZ, which SWORD can also write, have no decoder in Node, so
 * those modules are refused when opened rather than failing on their first read.
 */
export function compressionOf(module: SwordModule): SwordCompression {
  const value = module.conf.get('CompressType');
  if (value === undefined) return 'LZSS';
  const type = value.trim().toUpperCase();
  if (type === 'ZIP' || type === 'LZSS') return type;
  throw new ImportError(module.name, 'CompressType', `${value} compression is not supported (Selah reads ZIP and LZSS)`);
}

export function decompress(data: Buffer, compression: SwordCompression, file: string, place: string): Buffer {
  if (compression === 'LZSS') return lzssDecompress(data);
  try {
    return inflateSync(data);
  } catch (e) {
    throw new ImportError(file, place, `cannot inflate block: ${(e as Error).message}`);
  }
}

const utf8 = new TextDecoder('utf-8');
const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/**
 * Entry bytes to text. Latin-1 modules are tried as UTF-8 first: some .conf files omit
 * `Encoding=UTF-8` for UTF-8 data, and Latin-1 text is almost never valid multi-byte UTF-8.
 * Trailing NULs (dictionary entries end with one) are dropped.
 */
export function decodeEntry(bytes: Uint8Array, encoding: SwordEncoding, file: string): string {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  const data = bytes.subarray(0, end);
  switch (encoding) {
    case 'UTF-8':
      return utf8.decode(data);
    case 'Latin-1':
      if (data.some((b) => b >= 0x80)) {
        try {
          return utf8Strict.decode(data);
        } catch {
          return latin1.decode(data);
        }
      }
      return latin1.decode(data);
    default:
      throw new ImportError(file, 'Encoding', `${encoding} modules are not supported`);
  }
}
