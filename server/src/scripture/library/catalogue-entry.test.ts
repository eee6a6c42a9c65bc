import { describe, expect, it } from 'vitest';
import { parseConf } from '../sword/conf.ts';
import { catalogueEntry } from './catalogue-entry.ts';

const entryOf = (lines: string[]) => {
  const result = catalogueEntry(parseConf(lines.join('\n')), 'mods.d/x.conf');
  if (!('entry' in result)) throw new Error(result.skipped.reason);
  return result.entry;
};

describe('catalogueEntry', () => {
  it('tells the kind from ModDrv, and a topical index from its subject heading or title', () => {
    const kind = (driver: string, ...more: string[]) => entryOf(['[M]', `ModDrv=${driver}`, 'DataPath=./modules/x/', ...more]).kind;
    expect(kind('zText4')).toBe('bible');
    expect(kind('RawCom')).toBe('commentary');
    expect(kind('zLD', 'Feature=GreekDef', 'Description=Strong’s Greek Bible Dictionary')).toBe('dictionary');
    expect(kind('zLD', 'LCSH=Bible--Indexes, Topical.')).toBe('topical-index');
    expect(kind('RawLD4', "Description=Torrey's New Topical Textbook")).toBe('topical-index');
    expect(kind('RawGenBook')).toBe('general-book');
  });

  it('fills what a conf leaves out as SWORD front-ends do', () => {
    const entry = entryOf(['[Sparse]', 'ModDrv=zText', 'DataPath=/modules/texts/ztext/sparse/']);
    expect(entry).toMatchObject({
      name: 'Sparse',
      description: 'Sparse',
      language: 'en',
      version: '1.0',
      locked: false,
      about: [],
      dataPath: 'modules/texts/ztext/sparse/',
      licence: { redistributable: false, licence: undefined },
    });
    expect(entry.installSize).toBeUndefined();
    expect(entry.copyright).toBeUndefined();
  });

  it('reads language tags, sizes and cipher keys, and refuses what is not one', () => {
    const base = ['[M]', 'ModDrv=zText', 'DataPath=./modules/m/'];
    expect(entryOf([...base, 'Lang=zh-hant']).language).toBe('zh-Hant');
    expect(entryOf([...base, 'Lang=grc']).language).toBe('grc');
    expect(entryOf([...base, 'Lang=not a tag']).language).toBe('und');
    expect(entryOf([...base, 'InstallSize=12K']).installSize).toBeUndefined();
    expect(entryOf([...base, 'InstallSize=-5']).installSize).toBeUndefined();
    expect(entryOf([...base, 'CipherKey=abc123']).locked).toBe(true);
    expect(entryOf([...base, 'Copyright=© 2001 Someone', 'ShortCopyright=© Someone']).copyright).toBe('© Someone');
  });
});
