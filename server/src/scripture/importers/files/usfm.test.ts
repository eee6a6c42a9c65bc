import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainText } from '#common/scripture/content.ts';
import { FIXTURES, importErrorOf, useTempDir, verseNodes } from '../testing.ts';
import type { ImportedBible } from '../types.ts';
import { importUsfm, translationNameFrom } from './usfm.ts';

const temp = useTempDir('selah-usfm-');
const importError = (path: string) => importErrorOf(importUsfm(path));

describe('importUsfm: a directory of two books and front matter', () => {
  const warnings: string[] = [];
  let bible: ImportedBible;
  beforeAll(async () => {
    bible = await importUsfm(join(FIXTURES, 'usfm'), { code: 'sel-t', warn: (m) => warnings.push(m) });
  });

  it('reads the books in canonical order with their names, skipping the front matter', () => {
    expect(bible.books.map((b) => [b.osis, b.name, b.nameLong])).toEqual([
      ['Ps', 'Psalms', 'The Book of Psalms'],
      ['John', 'John', 'The Gospel According to Saint John'],
    ]);
    expect(warnings.some((w) => w.includes('00FRTtest.usfm') && w.includes('FRT'))).toBe(true);
  });

  it('takes the translation name from the \\id line and the code from the options', () => {
    expect(bible.meta).toMatchObject({ code: 'SELT', name: 'Selah Test Bible', language: 'en', source: 'file:usfm' });
  });

  it('turns \\d into a Psalm heading and poetry into indented lines and stanzas', () => {
    const v1 = verseNodes(bible, 'Ps', 3, 1);
    expect(v1[0]).toEqual({ type: 'heading', kind: 'psalm', text: 'A Psalm of David, when he fled from Absalom his son.' });
    expect(v1.filter((n) => n.type === 'line')).toEqual([
      { type: 'line', indent: 1 },
      { type: 'line', indent: 2 },
    ]);
    const v3 = verseNodes(bible, 'Ps', 3, 3);
    expect(v3.slice(0, 2)).toEqual([{ type: 'stanza' }, { type: 'line', indent: 1 }]);
    expect(v3).toContainEqual({ type: 'line', indent: 3 });
  });

  it("keeps divine name, Strong's numbers and supplied words as flags", () => {
    const v1 = verseNodes(bible, 'Ps', 3, 1);
    expect(v1).toContainEqual({ type: 'text', text: 'LORD', divineName: true, strongs: ['H3068'] });
    expect(v1).toContainEqual({ type: 'text', text: 'are', supplied: true });
    expect(plainText(v1)).toBe('LORD, how are they increased that trouble me! many are they that rise up against me.');
  });

  it('keeps footnotes as notes, out of the plain text, without their origin reference', () => {
    const v2 = verseNodes(bible, 'Ps', 3, 2);
    expect(v2).toContainEqual({ type: 'note', kind: 'footnote', text: 'Or, in God with God' });
    expect(plainText(v2)).toBe('Many there be which say of my soul, There is no help for him in God. Selah.');
  });

  it('puts a section heading and paragraph before the verse that follows them', () => {
    const v4 = verseNodes(bible, 'John', 11, 4);
    expect(v4.slice(0, 2)).toEqual([{ type: 'heading', kind: 'section', text: 'Lazarus is raised' }, { type: 'paragraph' }]);
  });

  it("marks words of Jesus, also around a nested \\+w with a Strong's number", () => {
    const v4 = verseNodes(bible, 'John', 11, 4);
    expect(v4).toContainEqual({ type: 'text', text: 'God', wordsOfJesus: true, strongs: ['G2316'] });
    expect(v4).toContainEqual({ type: 'text', text: 'that', supplied: true });
    expect(v4.find((n) => n.type === 'text' && n.text.startsWith('This sickness'))).toMatchObject({ wordsOfJesus: true });
  });

  it('keeps cross references as crossref notes', () => {
    const v26 = verseNodes(bible, 'John', 11, 26);
    expect(v26.at(-1)).toEqual({ type: 'note', kind: 'crossref', text: 'John 3:16' });
    expect(plainText(v26)).toBe('And whosoever liveth and believeth in me shall never die. Believest thou this?');
  });

  it('stores a verse range under its first number', () => {
    const john = bible.books.find((b) => b.osis === 'John')!;
    expect(john.verses.map((v) => v.verse)).toEqual([4, 25, 26, 33, 35]);
    expect(plainText(verseNodes(bible, 'John', 11, 33))).toMatch(/^When Jesus saw her weeping/);
    expect(warnings.some((w) => w.includes('33-34'))).toBe(true);
    expect(plainText(verseNodes(bible, 'John', 11, 35))).toBe('Jesus wept.');
  });
});

describe('importUsfm: details', () => {
  it('reads USFM 3 attributes and quotation milestones', async () => {
    const file = await temp.write(
      'usfm3.usfm',
      [
        '\\id MAT',
        '\\c 5',
        '\\p',
        '\\v 3 \\zaln-s |x-strong="G3107"\\*\\w Blessed|lemma="μακάριος" strong="G3107" x-morph="Gr,AA"\\w*\\zaln-e\\* are',
        '\\qt-s |who="Jesus"\\*the poor in spirit,',
        '\\v 4 blessed \\add are\\add* they that mourn.\\qt-e\\* \\bk Book\\bk* \\jmp link|link-href="x"\\jmp* end',
      ].join('\n'),
    );
    const bible = await importUsfm(file, { language: 'English' });
    expect(bible.meta.code).toBe('USFM3');
    expect(verseNodes(bible, 'Matt', 5, 3)).toEqual([
      { type: 'paragraph' },
      { type: 'text', text: 'Blessed', strongs: ['G3107'] },
      { type: 'text', text: ' are ' },
      { type: 'text', text: 'the poor in spirit,', wordsOfJesus: true },
    ]);
    const v4 = verseNodes(bible, 'Matt', 5, 4);
    expect(v4).toContainEqual({ type: 'text', text: 'are', supplied: true, wordsOfJesus: true });
    expect(plainText(v4)).toBe('blessed are they that mourn. Book link end');
  });

  it('decodes the encoding \\ide declares', async () => {
    const text = '\\id GEN\n\\ide CP-1252\n\\c 1\n\\v 1 \x93Quoted\x94 caf\xe9\n';
    const file = await temp.write('cp1252.sfm', Buffer.from(text, 'latin1'));
    const bible = await importUsfm(file);
    expect(plainText(verseNodes(bible, 'Gen', 1, 1))).toBe('“Quoted” café');
  });
});

describe('translationNameFrom', () => {
  it('finds the name in the ways \\id lines are written', () => {
    expect(translationNameFrom('- World English Bible (WEB)')).toBe('World English Bible (WEB)');
    expect(translationNameFrom('43-JHN-kjv.sfm King James Version Friday 2 May 2014')).toBe('King James Version');
    expect(translationNameFrom('41MRKGNT92.SFM, Good News Translation, June 2003')).toBe('Good News Translation');
    expect(translationNameFrom('Reina-Valera 1909')).toBe('Reina-Valera 1909');
    expect(translationNameFrom('')).toBeUndefined();
  });
});

describe('importUsfm: malformed files', () => {
  it('names the file and line of a verse before any chapter', async () => {
    const file = join(FIXTURES, 'usfm-bad', 'verse-before-chapter.usfm');
    const error = await importError(file);
    expect(error.message).toBe(`${file}: 4:1 (Gen): verse 1 outside any chapter`);
    expect(error.file).toBe(file);
    expect(error.place).toBe('4:1 (Gen)');
  });

  it('rejects an unknown book id', async () => {
    const error = await importError(await temp.write('typo.usfm', '\\id GNE\n\\c 1\n\\v 1 text\n'));
    expect(error.message).toMatch(/typo\.usfm: 1:1: unknown book id "GNE"/);
  });

  it('rejects a chapter number that is not a positive integer', async () => {
    const error = await importError(await temp.write('chapter.usfm', '\\id GEN\n\\c 1\n\\v 1 text\n\\c two\n\\v 1 more\n'));
    expect(error.message).toMatch(/chapter\.usfm: 4:1 \(Gen\): chapter number "two" is not a positive integer/);
    const zero = await importError(await temp.write('zero.usfm', '\\id GEN\n\\c 0\n'));
    expect(zero.message).toMatch(/chapter number "0"/);
  });

  it('rejects a verse outside any book', async () => {
    const error = await importError(await temp.write('nobook.usfm', '\\c 1\n\\v 1 text\n'));
    expect(error.message).toMatch(/nobook\.usfm: 1:1: chapter 1 outside any book/);
  });

  it('rejects a file without verses', async () => {
    const file = await temp.write('empty.usfm', '\\id GEN\n\\h Genesis\n\\c 1\n\\p\n');
    const error = await importError(file);
    expect(error.message).toBe(`${file}: end of file: no verses found`);
  });

  it('rejects bytes that are not UTF-8 when no encoding is declared', async () => {
    const file = await temp.write('latin.usfm', Buffer.from('\\id GEN\n\\c 1\n\\v 1 caf\xe9\n', 'latin1'));
    const error = await importError(file);
    expect(error.message).toMatch(/latin\.usfm: 3:9: not valid UTF-8/);
  });
});
