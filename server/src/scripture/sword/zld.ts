import { readFileSync } from 'node:fs';

import { ImportError } from '../importers/types.ts';
import type { SwordModule } from './discover.ts';
import { LruCache } from '../../lib/lru.ts';
import { compressionOf, decodeEntry, decompress, readRange, type SwordCompression } from './storage.ts';

/**
 * Reader for SWORD's compressed dictionaries (zLD), DataPath being a file prefix:
 *   .idx  8-byte records (u32 offset, u32 size) into .dat, one per key, in key order;
 *   .dat  the key, a newline, then u32 block and u32 entry number;
 *   .zdx  8-byte records (u32 offset, u32 size) into .zdt, one per block;
 *   .zdt  zlib blocks; inflated, a block is a u32 count, count (u32 offset, u32 size) pairs, then the
 *         entries, each ending in a NUL.
 * All integers are little-endian.
 */
export class ZLdReader {
  private readonly entries: { key: string; block: number; entry: number; link?: string }[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly byUpperKey = new Map<string, number>();
  private readonly blockIndex: Buffer;
  private readonly cache = new LruCache<number, Buffer>(8);

  private constructor(
    readonly module: SwordModule,
    private readonly compression: SwordCompression,
  ) {
    const idxPath = `${module.dataPath}.idx`;
    const idx = readFileSync(idxPath);
    const dat = readFileSync(`${module.dataPath}.dat`);
    this.blockIndex = readFileSync(`${module.dataPath}.zdx`);
    for (let at = 0; at + 8 <= idx.length; at += 8) {
      const offset = idx.readUInt32LE(at);
      const size = idx.readUInt32LE(at + 4);
      const record = dat.subarray(offset, offset + size);
      const newline = record.indexOf(0x0a);
      if (newline < 0) throw new ImportError(idxPath, `key ${at / 8}`, 'no newline after the key');
      const key = decodeEntry(record.subarray(0, newline), module.conf.encoding, idxPath).replace(/\r$/, '');
      const rest = record.subarray(newline + 1);
      const text = rest.length >= 5 ? rest.toString('latin1', 0, 5) : '';
      // A key can stand for another ("@LINK OTHER KEY") instead of pointing into a block.
      const link = text === '@LINK' ? decodeEntry(rest.subarray(5), module.conf.encoding, idxPath).trim() : undefined;
      if (!link && rest.length < 8) throw new ImportError(idxPath, `key "${key}"`, 'entry pointer is truncated');
      const n = this.entries.push({
        key,
        block: link ? 0 : rest.readUInt32LE(0),
        entry: link ? 0 : rest.readUInt32LE(4),
        ...(link ? { link } : {}),
      });
      if (!this.byKey.has(key)) this.byKey.set(key, n - 1);
      if (!this.byUpperKey.has(key.toUpperCase())) this.byUpperKey.set(key.toUpperCase(), n - 1);
    }
  }

  static open(module: SwordModule): ZLdReader {
    if (!/^zld$/i.test(module.driver)) throw new ImportError(module.name, 'ModDrv', `${module.driver} is not a zLD module`);
    if (module.conf.get('CipherKey') !== undefined) {
      throw new ImportError(module.name, 'CipherKey', 'enciphered modules are not supported');
    }
    return new ZLdReader(module, compressionOf(module));
  }

  /** Keys in the module's order (SWORD sorts them, usually upper-cased). */
  keys(): string[] {
    return this.entries.map((e) => e.key);
  }

  /** The module's own spelling of a key it has ("MOSES" for "Moses"): exact first, then ignoring case. */
  keyOf(key: string): string | undefined {
    const i = this.byKey.get(key) ?? this.byUpperKey.get(key.toUpperCase());
    return i === undefined ? undefined : this.entries[i]!.key;
  }

  /** Raw markup of an entry; exact key first, then ignoring case. */
  lookup(key: string): string | undefined {
    return this.entryText(this.byKey.get(key) ?? this.byUpperKey.get(key.toUpperCase()), 0);
  }

  private entryText(i: number | undefined, depth: number): string | undefined {
    const e = i === undefined ? undefined : this.entries[i];
    if (!e) return undefined;
    if (e.link) return depth < 8 ? this.lookupFollowing(e.link, depth + 1) : undefined;
    const block = this.block(e.block);
    const zdt = `${this.module.dataPath}.zdt`;
    const count = block.readUInt32LE(0);
    if (e.entry >= count) throw new ImportError(zdt, `key "${e.key}"`, `entry ${e.entry} of block ${e.block} is missing`);
    const offset = block.readUInt32LE(4 + e.entry * 8);
    const size = block.readUInt32LE(8 + e.entry * 8);
    const text = decodeEntry(block.subarray(offset, offset + size), this.module.conf.encoding, zdt);
    const link = /^@LINK\s+(.+)/.exec(text);
    return link && depth < 8 ? this.lookupFollowing(link[1]!.trim(), depth + 1) : text;
  }

  private lookupFollowing(key: string, depth: number): string | undefined {
    return this.entryText(this.byKey.get(key) ?? this.byUpperKey.get(key.toUpperCase()), depth);
  }

  private block(n: number): Buffer {
    let data = this.cache.get(n);
    if (!data) {
      const zdt = `${this.module.dataPath}.zdt`;
      if ((n + 1) * 8 > this.blockIndex.length) throw new ImportError(zdt, `block ${n}`, 'block index out of range');
      const offset = this.blockIndex.readUInt32LE(n * 8);
      const size = this.blockIndex.readUInt32LE(n * 8 + 4);
      data = decompress(readRange(zdt, offset, size), this.compression, zdt, `block ${n}`);
      this.cache.set(n, data);
    }
    return data;
  }
}
