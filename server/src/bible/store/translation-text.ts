import { gunzipSync, gzipSync } from 'node:zlib';
import type { ImportedBook } from '../importers/types.ts';

/** Bump when the stored shape changes; older texts are then imported again from their source. */
export const TEXT_FORMAT_VERSION = 1;

/** A translation's books as stored in the database: gzipped JSON of the importer's books. */
export function encodeTranslationText(books: readonly ImportedBook[]): Buffer {
  return gzipSync(JSON.stringify(books), { level: 6 });
}

export function decodeTranslationText(content: Buffer): ImportedBook[] {
  return JSON.parse(gunzipSync(content).toString('utf8')) as ImportedBook[];
}
