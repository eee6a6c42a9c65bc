import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { TextDecoder } from 'node:util';
import { ImportError } from '../types.ts';

export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ImportError(path, 'open', missing ? 'no such file or directory' : (error as Error).message);
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
export function decoderFor(head: Uint8Array, declared: string | undefined): Decoder {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return new TextDecoder('utf-8');
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le');
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be');
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encodingLabel(declared));
  } catch {
    throw new RangeError(`unsupported text encoding "${declared}"`);
  }
  return decoder.encoding === 'windows-1252' ? new Windows1252Decoder(decoder) : decoder;
}

export interface Decoder {
  readonly encoding: string;
  decode(bytes?: Uint8Array, options?: { stream?: boolean }): string;
}

// Windows-1252 at 0x80-0x9F; Node 20's TextDecoder decodes those bytes as Latin-1 control characters.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

class Windows1252Decoder implements Decoder {
  readonly encoding = 'windows-1252';
  constructor(private readonly inner: TextDecoder) {}
  decode(bytes?: Uint8Array, options?: { stream?: boolean }): string {
    return this.inner.decode(bytes, options).replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
  }
}

function encodingLabel(declared: string | undefined): string {
  const value = declared?.trim().toLowerCase();
  if (!value) return 'utf-8';
  // Paratext writes Windows code pages ("1252", "CP-1252"): 65001 is UTF-8, 1252 is Western European.
  const codePage = /^(?:cp-?)?(\d+)$/.exec(value)?.[1];
  if (codePage) return codePage === '65001' ? 'utf-8' : `windows-${codePage}`;
  return value;
}
