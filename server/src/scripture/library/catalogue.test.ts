import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_LIMITS, CatalogueError, readCatalogueArchive } from './catalogue.ts';
import { catalogueArchive, installedConfs, tarOf } from './testing.ts';

const KJV = installedConfs().find((c) => c.file === 'engKJV2006eb.conf')!;

describe('readCatalogueArchive', () => {
  it('lists every module of a catalogue built from the modules installed here', async () => {
    const catalogue = await readCatalogueArchive(await catalogueArchive(installedConfs()));
    expect(catalogue.skipped).toEqual([]);
    expect(catalogue.entries.map((e) => [e.name, e.kind, e.driver, e.language, e.version, e.installSize, e.dataPath])).toEqual([
      ['engKJV2006eb', 'bible', 'zText', 'en', '14.3', 3132622, 'modules/texts/ztext/engKJV2006eb/'],
      ['engWEB2015eb', 'bible', 'zText', 'en', '426.0', expect.any(Number), 'modules/texts/ztext/engWEB2015eb/'],
      ['MHCC', 'commentary', 'zCom4', 'en', '2.0', 4100800, 'modules/comments/zcom/mhcc/'], // the first InstallSize, as SWORD reads it
      ['Nave', 'topical-index', 'zLD', 'en', '3.0', 1572986, 'modules/lexdict/zld/nave/nave'],
      ['spaRV1909eb', 'bible', 'zText', 'es', '2.60', 2974639, 'modules/texts/ztext/spaRV1909eb/'],
    ]);
    const kjv = catalogue.entries[0]!;
    expect(kjv).toMatchObject({
      description: 'King James Version',
      licence: { redistributable: true, licence: 'Public Domain', nonCommercial: false },
      copyright: 'PUBLIC DOMAIN',
      locked: false,
      versionDate: '2022-12-21',
      features: ['StrongsNumbers'],
      file: 'mods.d/engKJV2006eb.conf',
    });
    expect(kjv.about[0]).toMatch(/^King James \(Authorized\) Version The King James Version/);
    const mhcc = catalogue.entries.find((e) => e.name === 'MHCC')!;
    expect(mhcc.about[1]).toBe('The Bible Foundation,\nhttp://www.bf.org');
  });

  it('reads the archive forms real repositories produce: ./mods.d/, long names, macOS files, other files, [Globals]', async () => {
    const longName = `${'a'.repeat(120)}.conf`; // past tar's 100 characters: a pax header carries it
    const archive = gzipSync(
      await tarOf([
        { name: './mods.d/', type: 'directory' },
        { name: './mods.d/kjv.conf', body: KJV.bytes },
        { name: `mods.d/${longName}`, body: '[Long]\nModDrv=zText\nDataPath=./modules/texts/ztext/long/\nDistributionLicense=GPL\n' },
        { name: 'mods.d/._kjv.conf', body: Buffer.from([0, 5, 22, 7, 0, 2]) },
        { name: 'mods.d/README', body: 'not a conf' },
        { name: 'mods.d/globals.conf', body: '[Globals]\nAutoInstall=\n' },
      ]),
    );
    const catalogue = await readCatalogueArchive(archive);
    expect(catalogue.entries.map((e) => [e.name, e.file])).toEqual([
      ['engKJV2006eb', 'mods.d/kjv.conf'],
      ['Long', `mods.d/${longName}`],
    ]);
    expect(catalogue.skipped).toEqual([]);
  });

  it('skips each bad conf with its reason and keeps the rest', async () => {
    const conf = (name: string, lines: string) => ({ file: `${name}.conf`, bytes: Buffer.from(lines) });
    const catalogue = await readCatalogueArchive(
      await catalogueArchive(
        [
          KJV,
          conf('nosection', 'Description=No section\nModDrv=zText\n'),
          conf('noname', '[]\nModDrv=zText\nDataPath=./modules/texts/ztext/x/\n'),
          conf('nodatapath', '[NoData]\nModDrv=zText\n'),
          conf('nodriver', '[NoDriver]\nDataPath=./modules/texts/ztext/nodriver/\n'),
          conf('unknowndriver', '[Odd]\nModDrv=zFancy\nDataPath=./modules/odd/\n'),
          conf('escape', '[Escape]\nModDrv=zText\nDataPath=./modules/../../etc/\n'),
          conf('windows', '[Windows]\nModDrv=zText\nDataPath=C:\\sword\\modules\n'),
          conf('duplicate', '[ENGKJV2006EB]\nModDrv=zText\nDataPath=./modules/texts/ztext/other/\n'),
          conf('empty', ''),
          conf('locked', '[Locked]\nModDrv=zText\nDataPath=./modules/texts/ztext/locked/\nCipherKey=\nDistributionLicense=Copyrighted\n'),
        ],
        [
          { name: '../evil.conf', body: '[Evil]\nModDrv=zText\nDataPath=./x/\n' },
          { name: '/etc/evil.conf', body: '[Evil2]\nModDrv=zText\nDataPath=./x/\n' },
          { name: 'modules/texts/x.conf', body: '[Evil3]\nModDrv=zText\nDataPath=./x/\n' },
          { name: 'mods.d/sub/deep.conf', body: '[Deep]\nModDrv=zText\nDataPath=./x/\n' },
          { name: 'mods.d/link.conf', type: 'symlink', linkname: '/etc/passwd' },
        ],
      ),
    );
    expect(catalogue.entries.map((e) => e.name)).toEqual(['engKJV2006eb', 'Locked']);
    expect(catalogue.entries[1]).toMatchObject({
      locked: true,
      licence: { redistributable: false, reason: 'The text is copyrighted and its licence grants no redistribution.' },
    });
    expect(catalogue.skipped).toEqual([
      { file: 'mods.d/empty.conf', reason: 'The conf is empty.' },
      { file: '../evil.conf', reason: 'The entry is outside mods.d/.' },
      { file: '/etc/evil.conf', reason: 'The entry is outside mods.d/.' },
      { file: 'modules/texts/x.conf', reason: 'The entry is outside mods.d/.' },
      { file: 'mods.d/sub/deep.conf', reason: 'The entry is outside mods.d/.' },
      { file: 'mods.d/link.conf', reason: 'The entry is a symlink, not a file.' },
      { file: 'mods.d/nosection.conf', reason: 'mods.d/nosection.conf: no [ModuleName] section.' },
      { file: 'mods.d/noname.conf', reason: 'The conf has no [ModuleName] section name.' },
      { file: 'mods.d/nodatapath.conf', name: 'NoData', reason: 'The conf has no DataPath: there is nothing to install.' },
      { file: 'mods.d/nodriver.conf', name: 'NoDriver', reason: 'The conf has no ModDrv: SWORD could not open the module.' },
      { file: 'mods.d/unknowndriver.conf', name: 'Odd', reason: 'ModDrv=zFancy is not a driver SWORD knows.' },
      { file: 'mods.d/escape.conf', name: 'Escape', reason: 'DataPath=./modules/../../etc/ does not name a place inside the repository.' },
      { file: 'mods.d/windows.conf', name: 'Windows', reason: 'DataPath=C:\\sword\\modules does not name a place inside the repository.' },
      { file: 'mods.d/duplicate.conf', name: 'ENGKJV2006EB', reason: 'Another conf (mods.d/engKJV2006eb.conf) already describes this module.' },
    ]);
  });

  it('refuses an archive that is not gzip, not tar, truncated or too large, with a clear error', async () => {
    const good = await catalogueArchive(installedConfs());
    const refuse = (archive: Uint8Array, message: string, limits = CATALOGUE_LIMITS) =>
      expect(readCatalogueArchive(archive, limits)).rejects.toThrow(new CatalogueError(message));
    await refuse(Buffer.from('<html>Not here</html>'), 'The catalogue is not a gzip file (mods.d.tar.gz).');
    await refuse(Buffer.alloc(0), 'The catalogue is not a gzip file (mods.d.tar.gz).');
    await refuse(good.subarray(0, good.length >> 1), 'The catalogue is truncated: the gzip data ends early.');
    await refuse(Buffer.concat([good.subarray(0, 20), Buffer.alloc(200, 7)]), 'The catalogue is not valid gzip data.');
    await refuse(gzipSync('just some text, '.repeat(100)), 'The catalogue is not a tar archive of mods.d/.');
    const tar = await tarOf(installedConfs().map((c) => ({ name: `mods.d/${c.file}`, body: c.bytes })));
    await refuse(gzipSync(tar.subarray(0, 3000)), 'The catalogue is truncated: the tar archive ends early.');
    await refuse(good, 'The catalogue unpacks to more than 4096 bytes.', { ...CATALOGUE_LIMITS, maxTarBytes: 4096 });
    await refuse(good, 'The catalogue holds more than 3 entries.', { ...CATALOGUE_LIMITS, maxEntries: 3 });
  });

  it('skips a conf larger than the limit', async () => {
    const catalogue = await readCatalogueArchive(await catalogueArchive(installedConfs()), { ...CATALOGUE_LIMITS, maxConfBytes: 2000 });
    expect(catalogue.entries.map((e) => e.name)).toEqual(['MHCC', 'Nave']);
    expect(catalogue.skipped.map((s) => s.reason)).toEqual(Array(3).fill('The conf is larger than 2000 bytes.'));
  });
});
