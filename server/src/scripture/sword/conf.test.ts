import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { useTempDir } from '../importers/testing.ts';
import { moduleTypeOf, parseConf, parseConfSections, readConfFile } from './conf.ts';
import { defaultSwordRoots, discoverSwordModules, findSwordModule } from './discover.ts';

describe('parseConf', () => {
  it('reads sections, repeated keys and continuation lines', () => {
    const conf = parseConf(
      [
        '## a comment',
        '[KJV]',
        'Description=King James Version',
        'GlobalOptionFilter=OSISStrongs',
        'GlobalOptionFilter=OSISFootnotes',
        'About=First line\\',
        'second line\\',
        'third line',
        'Lang = en ',
        'not a key line',
      ].join('\n'),
    );
    expect(conf.name).toBe('KJV');
    expect(conf.get('Description')).toBe('King James Version');
    expect(conf.getAll('GlobalOptionFilter')).toEqual(['OSISStrongs', 'OSISFootnotes']);
    expect(conf.get('About')).toBe('First line\nsecond line\nthird line');
    expect(conf.get('Lang')).toBe('en');
    expect(conf.get('Missing')).toBeUndefined();
    expect(conf.getAll('Missing')).toEqual([]);
  });

  it('skips a leading [Globals] section to find the module', () => {
    const conf = parseConf('[Globals]\n\n[MHCC]\nDataPath=./modules/comments/zcom/mhcc/\nModDrv=zCom4\n');
    expect(conf.name).toBe('MHCC');
    expect(parseConfSections('[Globals]\n[MHCC]\nModDrv=zCom\n').map((s) => s.name)).toEqual(['Globals', 'MHCC']);
  });

  it('decodes Latin-1 unless the file says UTF-8, and guesses UTF-8 when Encoding is missing', () => {
    const latin1 = Buffer.from('[RV]\nDescription=Reina Valera Revisión\nEncoding=Latin-1\n', 'latin1');
    const rv = parseConf(latin1);
    expect(rv.get('Description')).toBe('Reina Valera Revisión');
    expect(rv.encoding).toBe('Latin-1');

    const noEncodingUtf8 = Buffer.from('[StrongsHebrew]\nDescription=Hebrew — אֱלֹהִים\n', 'utf8');
    const hebrew = parseConf(noEncodingUtf8);
    expect(hebrew.get('Description')).toBe('Hebrew — אֱלֹהִים');
    expect(hebrew.encoding).toBe('UTF-8');

    const noEncodingLatin1 = Buffer.from('[Old]\nDescription=Genève\n', 'latin1');
    expect(parseConf(noEncodingLatin1).get('Description')).toBe('Genève');
    expect(parseConf(noEncodingLatin1).encoding).toBe('Latin-1');
    expect(parseConf('[Plain]\nDescription=ascii\n').encoding).toBe('Latin-1');
  });

  it('names module types by driver', () => {
    expect(moduleTypeOf('zText')).toBe('Bible');
    expect(moduleTypeOf('zText4')).toBe('Bible');
    expect(moduleTypeOf('zCom4')).toBe('Commentary');
    expect(moduleTypeOf('RawCom')).toBe('Commentary');
    expect(moduleTypeOf('zLD')).toBe('Dictionary');
    expect(moduleTypeOf('RawGenBook')).toBe('GenBook');
    expect(moduleTypeOf('Nonsense')).toBeUndefined();
  });

  it('throws on a file with no section', () => {
    expect(() => parseConf('Key=value\n', 'broken.conf')).toThrow(/broken\.conf/);
  });
});

describe('discoverSwordModules', () => {
  const work = useTempDir('sword-roots-');

  function root(name: string, confs: Record<string, string>): string {
    const dir = join(work.path, name);
    mkdirSync(join(dir, 'mods.d'), { recursive: true });
    for (const [file, text] of Object.entries(confs)) writeFileSync(join(dir, 'mods.d', file), text);
    return dir;
  }

  it('finds modules in each root, the first root winning a name', () => {
    const user = root('user', {
      'kjv.conf': '[KJV]\nDataPath=./modules/texts/ztext/kjv/\nModDrv=zText\n',
      'broken.conf': 'no section here',
      'genbook.conf': '[Book]\nDataPath=./modules/genbook/rawgenbook/book/book\nModDrv=RawGenBook\n',
      'readme.txt': 'not a conf',
    });
    const system = root('system', {
      'kjv.conf': '[KJV]\nDataPath=./modules/texts/ztext/other/\nModDrv=zText\n',
      'nave.conf': '[Nave]\nDataPath=./modules/lexdict/zld/nave/nave\nModDrv=zLD\n',
    });
    const modules = discoverSwordModules([user, system, join(work.path, 'missing')]);
    expect(modules.map((m) => [m.name, m.type]).sort()).toEqual([
      ['Book', 'GenBook'],
      ['KJV', 'Bible'],
      ['Nave', 'Dictionary'],
    ]);
    const kjv = modules.find((m) => m.name === 'KJV')!;
    expect(kjv.root).toBe(user);
    expect(kjv.dataPath).toBe(join(user, 'modules/texts/ztext/kjv'));
    expect(kjv.driver).toBe('zText');
    expect(findSwordModule('nave', [user, system])?.dataPath).toBe(join(system, 'modules/lexdict/zld/nave/nave'));
  });

  it('searches SWORD_PATH, then ~/.sword, then /usr/share/sword', () => {
    expect(defaultSwordRoots(['/opt/a', '/opt/b'], '/home/me')).toEqual(['/opt/a', '/opt/b', '/home/me/.sword', '/usr/share/sword']);
    expect(defaultSwordRoots([], '/home/me')).toEqual(['/home/me/.sword', '/usr/share/sword']);
  });
});

const DEBIAN_MHCC = '/usr/share/sword/mods.d/mhcc.conf';
const DEBIAN_KJV = '/usr/share/sword/mods.d/engKJV2006eb.conf';

describe.skipIf(![DEBIAN_MHCC, DEBIAN_KJV].every((f) => existsSync(f)))('Debian .conf files (needs Debian sword-text-kjv, sword-comm-mhcc)', () => {
  it('reads MHCC’s conf, which says zCom4 for zCom files (the reader checks the files)', () => {
    const conf = readConfFile(DEBIAN_MHCC);
    expect(conf.name).toBe('MHCC');
    expect(conf.get('ModDrv')).toBe('zCom4');
    expect(conf.get('Description')).toBe("Matthew Henry's Concise Commentary on the Whole Bible");
  });

  it('reads the KJV conf', () => {
    const conf = readConfFile(DEBIAN_KJV);
    expect(conf.name).toBe('engKJV2006eb');
    expect(conf.get('Abbreviation')).toBe('KJV');
    expect(conf.getAll('GlobalOptionFilter')).toContain('OSISRedLetterWords');
    expect(conf.encoding).toBe('UTF-8');
  });
});
