import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainText } from '#common/scripture/content.ts';
import { osisToNodes } from '../osis/osis-to-nodes.ts';
import { readConfFile } from '../sword/conf.ts';
import { findSwordModule } from '../sword/discover.ts';
import { ZLdReader } from '../sword/zld.ts';
import { ZVerseReader } from '../sword/ztext.ts';
import { downloadPackage } from './download-package.ts';
import { checkModuleData, removeAbandonedStaging, removeModuleFiles, writeModulePackage } from './install-package.ts';
import { readModulePackage } from './module-package.ts';
import { installedEntry, modulePackage, packageFailure as failure, serveRepository, SYSTEM_SWORD, writeStandInPackage, zipOf } from './testing.ts';

const systemConf = (file: string) => readFileSync(join(SYSTEM_SWORD, 'mods.d', file), 'utf8');

const system = (name: string) => findSwordModule(name, [SYSTEM_SWORD])!;
const MAX = 64 * 2 ** 20;

describe('installing module packages into a SWORD root', () => {
  let work: string;
  let stand: Awaited<ReturnType<typeof serveRepository>>;
  let library: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'selah-install-'));
    for (const name of ['spaRV1909eb', 'MHCC', 'StrongsGreek']) await writeStandInPackage(join(work, 'repository'), `${name}.zip`, await modulePackage(name));
    stand = await serveRepository(join(work, 'repository'));
    library = join(work, 'library');
  });

  afterAll(async () => {
    await stand?.close();
    await rm(work, { recursive: true, force: true });
  });

  /** Downloads, reads and installs a package from the stand-in repository. */
  async function install(file: string, root = library) {
    const entry = installedEntry(file);
    const zip = await downloadPackage(stand.repository('Stand-in'), entry, { maxBytes: MAX });
    return writeModulePackage(await readModulePackage(zip, entry), root);
  }

  it('installs a Bible whose verses read as the installed module’s', async () => {
    const { confPath, dataDir } = await install('spaRV1909eb.conf');
    expect([confPath, dataDir]).toEqual([join(library, 'mods.d/spaRV1909eb.conf'), join(library, 'modules/texts/ztext/spaRV1909eb')]);
    const ours = ZVerseReader.open(findSwordModule('spaRV1909eb', [library])!);
    const theirs = ZVerseReader.open(system('spaRV1909eb'));
    expect(ours.readEntry('John', 3, 16)).toBe(theirs.readEntry('John', 3, 16));
    expect(plainText(osisToNodes(ours.readEntry('John', 3, 16)))).toMatch(/^Porque de tal manera amó Dios al mundo/);
    expect(readdirSync(library).sort()).toEqual(['mods.d', 'modules']); // no staging folder left behind
  });

  it('installs a commentary and a dictionary whose DataPath is a file prefix', async () => {
    await install('mhcc.conf');
    await install('strongsgreek.conf');
    const mhcc = ZVerseReader.open(findSwordModule('MHCC', [library])!);
    expect(mhcc.commentaryEntry('John', 3, 16)?.markup).toBe(ZVerseReader.open(system('MHCC')).commentaryEntry('John', 3, 16)?.markup);
    const greek = ZLdReader.open(findSwordModule('StrongsGreek', [library])!);
    const key = greek.keys()[25]!;
    expect(greek.lookup(key)).toBe(ZLdReader.open(system('StrongsGreek')).lookup(key));
    expect(greek.keys()).toHaveLength(ZLdReader.open(system('StrongsGreek')).keys().length);
  });

  it('refuses data that does not fit the declared versification, and an unknown versification', async () => {
    const entry = installedEntry('spaRV1909eb.conf');
    for (const [v11n, message] of [
      [
        'Synodal',
        /^spaRV1909eb: its data does not match its conf \(.*ot\.bzv: whole file: 241150 bytes do not fit versification Synodal, which has 30299 records/,
      ],
      ['Luther', /^spaRV1909eb: its data does not match its conf \(.*ot\.bzv: whole file: 241150 bytes do not fit versification Luther/],
      ['NRSV', /^spaRV1909eb: its data does not match its conf \(.*nt\.bzv: whole file: 82460 bytes do not fit versification NRSV/],
      ['Nonesuch', /^spaRV1909eb: its data does not match its conf \(spaRV1909eb: Versification: unknown SWORD versification "Nonesuch"/],
    ] as const) {
      const zip = await modulePackage('spaRV1909eb', (conf) => conf.replace('Versification=KJV', `Versification=${v11n}`));
      const root = join(work, `wrong-${v11n}`);
      const error = await failure(readModulePackage(zip, entry).then((pkg) => writeModulePackage(pkg, root)));
      expect(error.message).toMatch(message);
      expect(readdirSync(root)).toEqual(['mods.d']);
      expect(readdirSync(join(root, 'mods.d'))).toEqual([]);
    }
  });

  it('replaces an older version, and keeps it when the newer one fails its check or cannot be moved in', async () => {
    const root = join(work, 'replace');
    const entry = installedEntry('spaRV1909eb.conf');
    const version = (v: string) => (conf: string) => conf.replace(/^Version=.*$/m, `Version=${v}`);
    const installed = () => readConfFile(join(root, 'mods.d/spaRV1909eb.conf')).get('Version');
    await writeModulePackage(await readModulePackage(await modulePackage('spaRV1909eb', version('1.0')), entry), root);
    expect(installed()).toBe('1.0');

    // A newer version whose data is refused: the old one stays, whole and readable.
    const broken = await modulePackage('spaRV1909eb', (conf) => version('3.0')(conf).replace('Versification=KJV', 'Versification=Synodal'));
    await failure(readModulePackage(broken, entry).then((pkg) => writeModulePackage(pkg, root)));
    expect(installed()).toBe('1.0');
    checkModuleData(root, 'spaRV1909eb');

    // A newer version in another folder that cannot be made (a file stands in its way): the old
    // version, already moved aside, is moved back.
    const elsewhere = await zipOf([
      {
        name: 'mods.d/spaRV1909eb.conf',
        body: version('2.0')(systemConf('spaRV1909eb.conf')).replace(/^DataPath=.*$/m, 'DataPath=./modules/texts/zt2/sparv/'),
      },
      ...readdirSync(join(SYSTEM_SWORD, 'modules/texts/ztext/spaRV1909eb')).map((f) => ({
        name: `modules/texts/zt2/sparv/${f}`,
        body: readFileSync(join(SYSTEM_SWORD, 'modules/texts/ztext/spaRV1909eb', f)),
      })),
    ]);
    await writeFile(join(root, 'modules/texts/zt2'), 'in the way');
    const error = await failure(readModulePackage(elsewhere, entry).then((pkg) => writeModulePackage(pkg, root)));
    expect(error.message).toMatch(/^spaRV1909eb: the files could not be moved into place \(\w+\); the installed version is unchanged\.$/);
    expect(installed()).toBe('1.0');
    checkModuleData(root, 'spaRV1909eb');
    await rm(join(root, 'modules/texts/zt2'));

    // A conf file of the same name that belongs to another module is never overwritten.
    await writeFile(join(root, 'mods.d/other.conf'), '[Other]\nDataPath=./modules/texts/ztext/other/\nModDrv=zText\n');
    const taken = { ...(await readModulePackage(await modulePackage('spaRV1909eb', version('2.0')), entry)), confFile: 'other.conf' };
    expect((await failure(writeModulePackage(taken, root))).message).toBe("spaRV1909eb: mods.d/other.conf is already there and is not this module's conf.");
    await rm(join(root, 'mods.d/other.conf'));

    // And a newer version that is fine replaces it.
    await writeModulePackage(await readModulePackage(await modulePackage('spaRV1909eb', version('2.0')), entry), root);
    expect(installed()).toBe('2.0');
    expect(readdirSync(root).sort()).toEqual(['mods.d', 'modules']);
    expect(readdirSync(join(root, 'mods.d'))).toEqual(['spaRV1909eb.conf']);
  });

  it('removes a module’s conf and data folder, and nothing else', async () => {
    const root = join(work, 'remove');
    await install('spaRV1909eb.conf', root);
    await install('strongsgreek.conf', root);
    expect(await removeModuleFiles(root, 'STRONGSGREEK')).toBe(true);
    expect(existsSync(join(root, 'modules/lexdict/zld/strongsgreek'))).toBe(false);
    expect(readdirSync(join(root, 'mods.d'))).toEqual(['spaRV1909eb.conf']);
    expect(readFileSync(join(root, 'modules/texts/ztext/spaRV1909eb/nt.bzv')).length).toBe(82460);
    expect(await removeModuleFiles(root, 'StrongsGreek')).toBe(false);
  });
});

describe('staging folders left by a process that stopped', () => {
  it('are removed once they are an hour old, and not before', async () => {
    const root = await mkdtemp(join(tmpdir(), 'selah-staging-'));
    try {
      await mkdir(join(root, '.staging-old'), { recursive: true });
      await mkdir(join(root, '.staging-new'), { recursive: true });
      await mkdir(join(root, 'mods.d'), { recursive: true });
      const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
      await utimes(join(root, '.staging-old'), hourAgo, hourAgo);
      expect(await removeAbandonedStaging(root)).toBe(1);
      expect((await readdir(root)).sort()).toEqual(['.staging-new', 'mods.d']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
