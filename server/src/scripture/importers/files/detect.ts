import { open, readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { ImportError, type ImportedBible } from '../types.ts';
import type { BibleFileFormat, FileImportOptions } from './meta.ts';
import { importOsis } from './osis-file.ts';
import { decoderFor, isDirectory } from './paths.ts';
import { importUsfm, USFM_EXTENSIONS } from './usfm.ts';
import { importZefania } from './zefania.ts';

export type { BibleFileFormat, FileImportOptions } from './meta.ts';

/** Enough to get past an XML declaration and a licence comment to the root element. */
const SNIFF_BYTES = 16 * 1024;
const CANDIDATE_EXTENSIONS = [...USFM_EXTENSIONS, '.xml', '.osis', '.txt'];

/**
 * The format of a file, judged by its content (`\id` → USFM, root element <osis> → OSIS,
 * <XMLBIBLE> → Zefania) and, when the content says nothing, by its extension. A directory has the
 * format of the first file in it that is recognised.
 */
export async function detectFormat(path: string): Promise<BibleFileFormat> {
  if (await isDirectory(path)) {
    const names = (await readdir(path, { withFileTypes: true }))
      .filter((e) => e.isFile() && CANDIDATE_EXTENSIONS.includes(extname(e.name).toLowerCase()))
      .map((e) => e.name)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    for (const name of names) {
      const format = (await sniffFile(join(path, name))) ?? formatByExtension(name);
      if (format) return format;
    }
    throw new ImportError(path, 'directory', 'no USFM, OSIS or Zefania XML files in it');
  }
  const format = (await sniffFile(path)) ?? formatByExtension(path);
  if (!format) throw new ImportError(path, '1:1', 'not a USFM, OSIS or Zefania XML file');
  return format;
}

/** Reads a Bible in any supported format; `options.format` skips detection. */
export async function importBibleFile(path: string, options: FileImportOptions = {}): Promise<ImportedBible> {
  const format = options.format ?? (await detectFormat(path));
  switch (format) {
    case 'usfm':
      return importUsfm(path, options);
    case 'osis':
      return importOsis(path, options);
    case 'zefania':
      return importZefania(path, options);
  }
}

export function sniffFormat(head: string): BibleFileFormat | undefined {
  const text = head.replace(/^\uFEFF/, '');
  if (/^\s*\\(id|usfm|ide|rem)\s/.test(text) || /(^|\n)\s*\\id\s+\w{3}/.test(text)) return 'usfm';
  // The root element: the first tag that is not a declaration, comment or doctype.
  const root = /<(?![?!])([\w.:-]+)/.exec(text.replace(/<!--[\s\S]*?-->/g, ''))?.[1];
  const local = root?.slice(root.indexOf(':') + 1).toLowerCase();
  if (local === 'osis' || local === 'osiscorpus') return 'osis';
  if (local === 'xmlbible') return 'zefania';
  return undefined;
}

async function sniffFile(file: string): Promise<BibleFileFormat | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new ImportError(file, 'open', (error as Error).message);
  }
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    const head = buffer.subarray(0, bytesRead);
    return sniffFormat(decoderFor(head, undefined).decode(head));
  } finally {
    await handle.close();
  }
}

function formatByExtension(file: string): BibleFileFormat | undefined {
  const ext = extname(file).toLowerCase();
  if ((USFM_EXTENSIONS as readonly string[]).includes(ext)) return 'usfm';
  if (ext === '.osis') return 'osis';
  return undefined;
}
