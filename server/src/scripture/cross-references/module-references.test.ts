import { describe, expect, it } from 'vitest';
import { findBookExact } from '#common/scripture/canon.ts';
import { formatReference } from '#common/scripture/reference.ts';
import { parseConf } from '../sword/conf.ts';
import { carriesCrossReferences, crossReferenceNotes, isCrossReferenceWork, referencesInEntry } from './module-references.ts';

const john3 = { book: findBookExact('John')!, chapter: 3 };
const names = (ranges: ReturnType<typeof referencesInEntry>) => ranges.map(formatReference);

describe('referencesInEntry', () => {
  it("reads a ThML entry's references: by passage, else by text, with abbreviated books, carried chapters and verse lists, each once", () => {
    const entry =
      '<b>God.</b> <scripRef>Ro 5:8; 8:32; 1Jo 4:9,10</scripRef><br />' +
      '<b>gave.</b> <scripRef passage="Isa 9:6">the child</scripRef> <scripRef>Ge 22:12; Eph 2:4-7; Ro 5:8</scripRef>';
    expect(names(referencesInEntry(entry, john3))).toEqual([
      'Romans 5:8',
      'Romans 8:32',
      '1 John 4:9',
      '1 John 4:10',
      'Isaiah 9:6',
      'Genesis 22:12',
      'Ephesians 2:4-7',
    ]);
  });

  it("reads a reference without a book in the entry's book and chapter", () => {
    expect(names(referencesInEntry('<scripRef>ver. 17</scripRef> <scripRef>1:12</scripRef>', john3))).toEqual(['John 3:17', 'John 1:12']);
  });

  it("reads OSIS references by their osisRef, several in one, a work's prefix ignored, and a passage running into another book cut to its start", () => {
    const entry =
      '<reference osisRef="Rom.5.8">Rom 5:8</reference>; <reference osisRef="Bible:Eph.2.4-Eph.2.5 1John.4.9">…</reference>' +
      '<reference osisRef="Gen.1.1-Exod.1.1">Ge 1:1-Ex 1:1</reference>';
    expect(names(referencesInEntry(entry, john3))).toEqual(['Romans 5:8', 'Ephesians 2:4-5', '1 John 4:9', 'Genesis 1:1']);
  });

  it('gives nothing for an entry without references', () => {
    expect(referencesInEntry('<p>For God so loved the world.</p>', john3)).toEqual([]);
  });
});

describe('crossReferenceNotes', () => {
  it("reads a Bible verse's cross-reference notes as the WEB writes them, not the note's own place nor other notes", () => {
    const verse =
      'Jehoash said<note type="crossReference"><reference subType="x-origin" type="annotateRef">12:4 </reference>' +
      '<reference>Exodus 30:12; Psalm 16:4</reference></note> to the priests<note type="translation">Or, <reference>Ps 1:1</reference></note>';
    expect(names(crossReferenceNotes(verse, { book: findBookExact('2 Kings')!, chapter: 12 }))).toEqual(['Exodus 30:12', 'Psalms 16:4']);
  });
});

describe('which modules give cross references', () => {
  it('takes a commentary named or titled as a cross-reference work, not another commentary', () => {
    const conf = (lines: string) => parseConf(`[X]\nModDrv=zCom\nDataPath=./x/\n${lines}`);
    expect(isCrossReferenceWork('TSK', conf('Description=Treasury'))).toBe(true);
    expect(isCrossReferenceWork('TSKe', conf('Description=The Treasury of Scripture Knowledge, enhanced'))).toBe(true);
    expect(isCrossReferenceWork('Refs', conf('Description=Cross-references of the Bible'))).toBe(true);
    expect(isCrossReferenceWork('Scofield', conf('Description=Scofield Reference Notes\nGlobalOptionFilter=OSISScripref'))).toBe(false);
    expect(isCrossReferenceWork('MHCC', conf("Description=Matthew Henry's Concise Commentary"))).toBe(false);
  });

  it("takes a Bible whose conf turns on SWORD's cross-reference filter", () => {
    const conf = (lines: string) => parseConf(`[X]\nModDrv=zText\nDataPath=./x/\n${lines}`);
    expect(carriesCrossReferences(conf('GlobalOptionFilter=OSISStrongs\nGlobalOptionFilter=OSISScripref'))).toBe(true);
    expect(carriesCrossReferences(conf('GlobalOptionFilter=ThMLScripref'))).toBe(true);
    expect(carriesCrossReferences(conf('GlobalOptionFilter=OSISStrongs\nGlobalOptionFilter=OSISFootnotes'))).toBe(false);
  });
});
