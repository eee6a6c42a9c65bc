import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ImportError } from '../types.ts';

export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    throw new ImportError(path, 'open', (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : String(error));
  }
}

/** The path itself, or the files directly in a directory whose names end with one of `extensions`, sorted. */
export async function sourceFiles(path: string, extensions: readonly string[]): Promise<string[]> {
  if (!(await isDirectory(path))) return [path];
  const names = (await readdir(path, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.toLowerCase().endsWith(ext)))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (names.length === 0) throw new ImportError(path, 'directory', `no ${extensions.join(' or ')} files in it`);
  return names.map((name) => join(path, name));
}

/**
 * Decodes a file's bytes: a byte-order mark wins, then an encoding the file declares (`\ide`, or
 * `encoding="…"` in an XML declaration), then UTF-8.
 */
export function decoderFor(head: Uint8Array, declared: string | undefined): TextDecoder {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return new TextDecoder('utf-8');
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le');
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be');
  const label = encodingLabel(declared);
  try {
    return new TextDecoder(label);
  } catch {
    throw new RangeError(`unsupported text encoding "${declared}"`);
  }
}

function encodingLabel(declared: string | undefined): string {
  const value = declared?.trim().toLowerCase();
  if (!value) return 'utf-8';
  // Paratext writes Windows code page numbers: 65001 is UTF-8, 1252 is Western European.
  if (/^\d+$/.test(value)) return value === '65001' ? 'utf-8' : `windows-${value}`;
  return value;
}
