import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, useTempDir, ZEFANIA_KJV_DIR } from '../testing.ts';
import { ImportError } from '../types.ts';
import { detectFormat, importBibleFile, sniffFormat } from './detect.ts';

const temp = useTempDir('selah-detect-');

describe('detectFormat', () => {
  it('recognises USFM files and directories', async () => {
    expect(await detectFormat(join(FIXTURES, 'usfm', '43JHNtest.usfm'))).toBe('usfm');
    expect(await detectFormat(join(FIXTURES, 'usfm'))).toBe('usfm');
  });

  it('recognises OSIS', async () => {
    expect(await detectFormat(join(FIXTURES, 'osis', 'sample.osis.xml'))).toBe('osis');
    expect(await detectFormat(join(FIXTURES, 'osis'))).toBe('osis');
  });

  it('recognises Zefania files and directories', async () => {
    expect(await detectFormat(join(ZEFANIA_KJV_DIR, 'Joh.xml'))).toBe('zefania');
    expect(await detectFormat(ZEFANIA_KJV_DIR)).toBe('zefania');
  });

  it('looks at the content, not the extension', async () => {
    const file = await temp.write('bible.txt', '\uFEFF\\id GEN\n\\c 1\n\\v 1 text\n');
    expect(await detectFormat(file)).toBe('usfm');
    expect(sniffFormat('<?xml version="1.0"?>\n<!-- <XMLBIBLE> in a comment -->\n<osis:osis xmlns:osis="x">')).toBe('osis');
    expect(sniffFormat('<?xml version="1.0"?><XMLBIBLE xmlns:xsi="x">')).toBe('zefania');
  });

  it('rejects what it does not know, and paths that do not exist', async () => {
    const file = await temp.write('notes.xml', '<html><body>not a Bible</body></html>');
    await expect(detectFormat(file)).rejects.toThrow(ImportError);
    await expect(detectFormat(file)).rejects.toThrow(/notes\.xml: 1:1: not a USFM, OSIS or Zefania XML file/);
    const empty = join(temp.path, 'empty-dir');
    await mkdir(empty);
    await expect(detectFormat(empty)).rejects.toThrow(/empty-dir: directory: no USFM, OSIS or Zefania XML files in it/);
    await expect(detectFormat(join(temp.path, 'missing.usfm'))).rejects.toThrow(/missing\.usfm: open: no such file or directory/);
  });
});

describe('importBibleFile', () => {
  it('dispatches to the importer for the format', async () => {
    const usfm = await importBibleFile(join(FIXTURES, 'usfm'), { code: 'T' });
    expect(usfm.books.map((b) => b.osis)).toEqual(['Ps', 'John']);
    const osis = await importBibleFile(join(FIXTURES, 'osis', 'sample.osis.xml'));
    expect(osis.meta.code).toBe('SELAHTEST');
    const zefania = await importBibleFile(join(ZEFANIA_KJV_DIR, 'Joh.xml'));
    expect(zefania.books.map((b) => b.osis)).toEqual(['John']);
  });

  it('uses the format it is told', async () => {
    await expect(importBibleFile(join(FIXTURES, 'osis', 'sample.osis.xml'), { format: 'zefania' })).rejects.toThrow(/not a Zefania XML file/);
  });
});
