import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainText } from '#common/scripture/content.ts';
import { FIXTURES, importErrorOf, useTempDir, verseNodes } from '../testing.ts';
import type { ImportedBible } from '../types.ts';
import { importOsis } from './osis-file.ts';

const temp = useTempDir('selah-osis-');

/** A minimal OSIS document around `body` (the content of <osisText>). */
function osisFile(name: string, body: string): Promise<string> {
  return temp.write(name, `<?xml version="1.0"?>\n<osis><osisText osisIDWork="T" xml:lang="en">\n${body}\n</osisText></osis>\n`);
}

const importError = (path: string) => importErrorOf(importOsis(path));

describe('importOsis: a hand-written OSIS file', () => {
  let bible: ImportedBible;
  beforeAll(async () => {
    bible = await importOsis(join(FIXTURES, 'osis', 'sample.osis.xml'));
  });

  it('takes the metadata from the header and osisText', () => {
    expect(bible.meta).toMatchObject({
      code: 'SELAHTEST',
      name: 'Selah OSIS Test',
      language: 'en',
      languageName: 'English',
      licence: 'Public domain (KJV text)',
      source: 'file:sample.osis.xml',
    });
  });

  it('lets options override the header', async () => {
    const other = await importOsis(join(FIXTURES, 'osis', 'sample.osis.xml'), {
      code: 'kjv-x',
      name: 'Other',
      language: 'de',
      category: 'thought for thought',
      licence: 'CC0',
    });
    expect(other.meta).toMatchObject({ code: 'KJVX', name: 'Other', language: 'de', languageName: 'German', category: 'Thought-for-Thought', licence: 'CC0' });
  });

  it('names books from their main title', () => {
    expect(bible.books.map((b) => [b.osis, b.name, b.nameLong])).toEqual([
      ['Ps', 'Psalms', 'THE BOOK OF PSALMS'],
      ['John', undefined, undefined],
    ]);
  });

  it('reads milestone verses inside poetry lines, with the psalm title and a stanza break', () => {
    const v1 = verseNodes(bible, 'Ps', 3, 1);
    expect(v1.slice(0, 3)).toEqual([
      { type: 'heading', kind: 'psalm', text: 'A Psalm of David, when he fled from Absalom his son.' },
      { type: 'line', indent: 1 },
      { type: 'text', text: 'Lord', divineName: true, strongs: ['H3068'] },
    ]);
    expect(v1).toContainEqual({ type: 'line', indent: 2 });
    expect(plainText(v1)).toBe('Lord, how are they increased that trouble me! many are they that rise up against me.');
    expect(verseNodes(bible, 'Ps', 3, 3).slice(0, 2)).toEqual([{ type: 'stanza' }, { type: 'line', indent: 1 }]);
  });

  it('keeps notes out of the plain text', () => {
    const v2 = verseNodes(bible, 'Ps', 3, 2);
    expect(v2.at(-1)).toEqual({ type: 'note', kind: 'footnote', text: 'Selah: a pause.' });
    expect(plainText(v2)).toBe('Many there be which say of my soul, There is no help for him in God. Selah.');
  });

  it('reads container verses with a section title and milestone paragraphs', () => {
    const v4 = verseNodes(bible, 'John', 11, 4);
    expect(v4.slice(0, 2)).toEqual([{ type: 'heading', kind: 'section', text: 'Lazarus is raised' }, { type: 'paragraph' }]);
    expect(v4).toContainEqual({ type: 'text', text: 'God', wordsOfJesus: true, strongs: ['G2316'] });
    expect(v4).toContainEqual({ type: 'text', text: 'that', supplied: true });
    expect(v4.at(-1)).toEqual({ type: 'note', kind: 'footnote', text: 'Or, glory: honour.' });
  });

  it('carries a <q who="Jesus"> milestone across verses', () => {
    expect(verseNodes(bible, 'John', 11, 25)).toEqual([
      { type: 'paragraph' },
      { type: 'text', text: 'Jesus said unto her, ' },
      { type: 'text', text: 'I am the resurrection, and the life:', wordsOfJesus: true },
    ]);
    expect(verseNodes(bible, 'John', 11, 26)).toEqual([
      { type: 'text', text: 'And whosoever liveth and believeth in me shall never die. Believest thou this?', wordsOfJesus: true },
      { type: 'note', kind: 'crossref', text: 'John 3:16' },
    ]);
    expect(verseNodes(bible, 'John', 11, 35)).toEqual([{ type: 'text', text: 'Jesus wept.' }]);
  });

  it('prints the quotation marks a <q> carries', () => {
    expect(plainText(verseNodes(bible, 'John', 11, 36))).toBe('Then said the Jews, “Behold how he loved him!”');
  });
});

describe('importOsis: markup the SWORD reader shares', () => {
  it('closes a container <q marker> with the matching mark and puts back the space a note call swallowed', async () => {
    const file = await osisFile(
      'quote.xml',
      '<div type="book" osisID="John"><chapter osisID="John.11">' +
        '<verse osisID="John.11.43">he cried<note>Or, called</note>with a loud voice, <q who="Jesus" marker="“">Lazarus, come forth.</q></verse>' +
        '</chapter></div>',
    );
    const bible = await importOsis(file);
    expect(verseNodes(bible, 'John', 11, 43)).toEqual([
      { type: 'text', text: 'he cried' },
      { type: 'note', kind: 'footnote', text: 'Or, called' },
      { type: 'text', text: ' with a loud voice, ' },
      { type: 'text', text: '“Lazarus, come forth.”', wordsOfJesus: true },
    ]);
  });
});

describe('importOsis: malformed files', () => {
  it('reports an XML syntax error with file, line and column', async () => {
    const file = join(FIXTURES, 'osis-bad', 'mismatched.osis.xml');
    const error = await importError(file);
    expect(error.place).toMatch(/^6:\d+$/);
    expect(error.message).toMatch(/mismatched\.osis\.xml: 6:\d+: XML error: unexpected close tag/);
  });

  it('reports a truncated file', async () => {
    const file = await temp.write('truncated.xml', '<osis><osisText><div type="book" osisID="Gen"><chapter osisID="Gen.1"><verse osisID="Gen.1.1">In the');
    const error = await importError(file);
    expect(error.message).toMatch(/truncated\.xml: 1:\d+: XML error: unclosed tag/);
  });

  it('rejects a verse outside any chapter', async () => {
    const file = await osisFile('nochapter.xml', '<div type="book" osisID="Gen">\n<verse osisID="Gen.1.1">text</verse>\n</div>');
    const error = await importError(file);
    expect(error.message).toMatch(/nochapter\.xml: 4:\d+ \(Gen\): verse 1 outside any chapter/);
  });

  it('rejects an unknown book id, and skips known books outside the canon', async () => {
    const error = await importError(await osisFile('unknown.xml', '<div type="book" osisID="Gne"/>'));
    expect(error.message).toMatch(/unknown book id "Gne"/);
    const warnings: string[] = [];
    const bible = await importOsis(
      await osisFile(
        'odes.xml',
        '<div type="book" osisID="Odes"><chapter osisID="Odes.1"><verse osisID="Odes.1.1">x</verse></chapter></div>' +
          '<div type="book" osisID="Jude"><chapter osisID="Jude.1"><verse osisID="Jude.1.1">Jude, the servant</verse></chapter></div>',
      ),
      { warn: (m) => warnings.push(m) },
    );
    expect(bible.books.map((b) => b.osis)).toEqual(['Jude']);
    expect(warnings.some((w) => w.includes('Odes'))).toBe(true);
  });

  it('rejects a chapter number that is not a positive integer', async () => {
    const file = await osisFile('badchapter.xml', '<div type="book" osisID="Gen"><chapter osisID="Gen.0"></chapter></div>');
    const error = await importError(file);
    expect(error.message).toMatch(/badchapter\.xml: 3:\d+ \(Gen\): chapter number "0" is not a positive integer/);
  });

  it('rejects a file without verses', async () => {
    const file = await osisFile('empty.xml', '<div type="book" osisID="Gen"><chapter osisID="Gen.1"/></div>');
    const error = await importError(file);
    expect(error.message).toBe(`${file}: end of file: no verses found`);
  });
});
