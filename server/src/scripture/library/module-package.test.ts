import { describe, expect, it } from 'vitest';
import { parseConf } from '../sword/conf.ts';
import { catalogueEntry, type CatalogueEntry } from './catalogue-entry.ts';
import { PACKAGE_LIMITS, PackageError, readModulePackage } from './module-package.ts';
import { modulePackage, zipOf } from './testing.ts';

const NAVE_CONF = '[Nave]\nDataPath=./modules/lexdict/zld/nave/nave\nModDrv=zLD\nDistributionLicense=Public Domain\n';

function entryFor(conf: string, file = 'x.conf'): CatalogueEntry {
  const result = catalogueEntry(parseConf(conf), file);
  if (!('entry' in result)) throw new Error(result.skipped.reason);
  return result.entry;
}

const nave = entryFor(NAVE_CONF, 'nave.conf');

async function refusal(zip: Promise<Buffer> | Buffer, entry: CatalogueEntry = nave, limits = PACKAGE_LIMITS): Promise<string> {
  const error = await readModulePackage(await zip, entry, limits).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PackageError);
  return (error as PackageError).message;
}

/** A small package in the real layout: the conf plus two data files. */
function naveZip(extra: Parameters<typeof zipOf>[0] = [], conf = NAVE_CONF): Promise<Buffer> {
  return zipOf([
    { name: 'mods.d/nave.conf', body: conf },
    { name: 'modules/lexdict/zld/nave/nave.idx', body: 'idx' },
    { name: 'modules/lexdict/zld/nave/nave.dat', body: 'dat' },
    ...extra,
  ]);
}

describe('readModulePackage', () => {
  it('reads a package zip built as repositories build it, with the zip’s conf and every data file', async () => {
    const zip = await modulePackage('Nave');
    const pkg = await readModulePackage(zip, { ...nave, name: 'NAVE' });
    expect([pkg.name, pkg.confFile, pkg.dataPath, pkg.dataDir]).toEqual(['Nave', 'nave.conf', 'modules/lexdict/zld/nave/nave', 'modules/lexdict/zld/nave']);
    expect(pkg.files.map((f) => [f.path, f.bytes.length]).sort()).toEqual([
      ['modules/lexdict/zld/nave/nave.dat', 103980],
      ['modules/lexdict/zld/nave/nave.idx', 42576],
      ['modules/lexdict/zld/nave/nave.zdt', 1425006],
      ['modules/lexdict/zld/nave/nave.zdx', 1424],
    ]);
    expect(pkg.conf.get('ModDrv')).toBe('zLD');
  });

  it('refuses what is not a zip, and a truncated zip', async () => {
    expect(await refusal(Buffer.from('<html>Not here</html>'))).toMatch(/^Nave: the package is not a zip archive, or it is incomplete \(/);
    const zip = await modulePackage('Nave');
    expect(await refusal(zip.subarray(0, zip.length - 100))).toMatch(/^Nave: the package is not a zip archive, or it is incomplete \(/);
  });

  it('refuses a file whose bytes do not match its CRC-32', async () => {
    const zip = await naveZip([{ name: 'modules/lexdict/zld/nave/nave.zdx', body: 'STORED-BYTES', store: true }]);
    const damaged = Buffer.from(zip.toString('latin1').replace('STORED-BYTES', 'STORED-BYTEZ'), 'latin1');
    expect(await refusal(damaged)).toBe('Nave: modules/lexdict/zld/nave/nave.zdx is damaged (its CRC-32 does not match).');
  });

  it('refuses entries whose names lead out of the root: "..", absolute, backslash, drive letter', async () => {
    const cases: [string, string, string][] = [
      ['xx/evil.conf', '../evil.conf', 'a ".." step'],
      ['x/etc/passwd', '/etc/passwdx', 'an absolute path'],
      ['modules/a.txt', 'modules\\a.txt', 'a backslash'],
      ['xx/Windows.txt', 'C:/Windows.txt', 'an absolute path'],
    ];
    for (const [name, unsafeName, why] of cases) {
      const message = await refusal(naveZip([{ name, unsafeName, body: 'x' }]));
      expect(message).toBe(`Nave: the package holds "${unsafeName}", whose name has ${why}: it could write outside the module's folders.`);
    }
  });

  it('refuses a symbolic link, even inside the module’s folder', async () => {
    const zip = naveZip([{ name: 'modules/lexdict/zld/nave/nave.zdt', body: '/etc/passwd', mode: 0o120777 }]);
    expect(await refusal(zip)).toBe('Nave: the package holds "modules/lexdict/zld/nave/nave.zdt", a link or special file.');
  });

  it('refuses a file outside mods.d/ and the module’s folder (for a dictionary, the folder of its prefix)', async () => {
    expect(await refusal(naveZip([{ name: 'modules/lexdict/zld/other/other.idx', body: 'x' }]))).toBe(
      'Nave: the package holds "modules/lexdict/zld/other/other.idx", outside mods.d/ and the module\'s folder modules/lexdict/zld/nave/.',
    );
    expect(await refusal(naveZip([{ name: 'mods.d/notes.txt', body: 'x' }]))).toBe(
      'Nave: the package holds "mods.d/notes.txt" in mods.d/, which is not a conf.',
    );
  });

  it('refuses a DataPath that is not where the files are', async () => {
    const conf = NAVE_CONF.replace('zld/nave/nave', 'zld/naves/nave');
    expect(await refusal(naveZip([], conf))).toBe(
      "Nave: its conf says DataPath=./modules/lexdict/zld/naves/nave, but the package's files are in modules/lexdict/zld/nave/.",
    );
  });

  it('refuses a package whose conf is another module’s, or that has no conf', async () => {
    expect(await refusal(naveZip([], NAVE_CONF.replace('[Nave]', '[Torrey]')))).toBe("Nave: the package's conf mods.d/nave.conf is for Torrey, not Nave.");
    const noConf = zipOf([{ name: 'modules/lexdict/zld/nave/nave.idx', body: 'idx' }]);
    expect(await refusal(noConf)).toBe('Nave: the package has no conf in mods.d/.');
  });

  it('refuses a conf without ModDrv or DataPath, and a package with no data files', async () => {
    expect(await refusal(naveZip([], NAVE_CONF.replace('ModDrv=zLD\n', '')))).toBe('Nave: its conf has no ModDrv: SWORD could not open the module.');
    expect(await refusal(naveZip([], NAVE_CONF.replace(/DataPath=.*\n/, '')))).toBe('Nave: The conf has no DataPath: there is nothing to install.');
    expect(await refusal(zipOf([{ name: 'mods.d/nave.conf', body: NAVE_CONF }]))).toBe('Nave: the package holds a conf but no module files.');
  });

  it('refuses a locked module and a licence that does not allow redistribution, by the zip’s own conf', async () => {
    expect(await refusal(naveZip([], `${NAVE_CONF}CipherKey=\n`))).toBe('Nave: the module is enciphered (locked); Selah does not install locked modules.');
    expect(await refusal(naveZip([], NAVE_CONF.replace('Public Domain', 'Copyrighted')))).toBe(
      'Nave: its licence does not allow this site to share it: The text is copyrighted and its licence grants no redistribution.',
    );
  });

  it('refuses a package that unpacks to more than its cap before inflating it, and counts InstallSize', async () => {
    const big = Buffer.alloc(5000, 0x41); // deflates to a few bytes: a tiny bomb
    const zip = naveZip([{ name: 'modules/lexdict/zld/nave/nave.zdt', body: big }]);
    const limits = { ...PACKAGE_LIMITS, floorBytes: 4096, ceilingBytes: 100_000 };
    const conf = NAVE_CONF.length;
    expect(await refusal(zip, nave, limits)).toBe(`Nave: the package unpacks to ${conf + 5006} bytes, more than the 4096 allowed for it.`);
    // Four times InstallSize raises the cap above the floor.
    const pkg = await readModulePackage(await zip, { ...nave, installSize: 2000 }, limits);
    expect(pkg.files.map((f) => f.bytes.length)).toEqual([3, 3, 5000]);
  });
});
