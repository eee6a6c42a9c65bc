import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseConf } from '../sword/conf.ts';
import { isBibleDictionary } from './bible-dictionary.ts';

const conf = (lines: string) => parseConf(`[Module]\nModDrv=zLD\n${lines}`);

it("tells Bible dictionaries from Strong's lexicons, topical indexes, devotionals and glossaries by their conf", () => {
  expect(isBibleDictionary(conf("Description=Easton's Bible Dictionary\nLCSH=Bible--Dictionaries."))).toBe(true);
  expect(isBibleDictionary(conf("Description=Smith's Bible Dictionary"))).toBe(true);
  expect(isBibleDictionary(conf('Description=Strong Greek\nFeature=GreekDef'))).toBe(false);
  expect(isBibleDictionary(conf('Description=Strong Hebrew\nFeature=HebrewDef'))).toBe(false);
  expect(isBibleDictionary(conf('Description=Robinson\nFeature=GreekParse'))).toBe(false);
  expect(isBibleDictionary(conf('Description=Abbott-Smith\nLCSH=Greek language--Dictionaries--English.'))).toBe(false);
  expect(isBibleDictionary(conf("Description=Torrey's New Topical Textbook"))).toBe(false);
  expect(isBibleDictionary(conf('Description=Daily Light\nFeature=DailyDevotion'))).toBe(false);
  expect(isBibleDictionary(conf('Description=Words\nCategory=Glossaries'))).toBe(false);
  // Debian's real confs.
  for (const [file, bible] of [
    ['nave.conf', false],
    ['strongsgreek.conf', false],
    ['strongshebrew.conf', false],
  ] as const) {
    let text: string;
    try {
      text = readFileSync(`/usr/share/sword/mods.d/${file}`, 'utf8');
    } catch {
      continue;
    }
    expect(isBibleDictionary(parseConf(text)), file).toBe(bible);
  }
});
