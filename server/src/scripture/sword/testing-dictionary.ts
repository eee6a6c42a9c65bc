/**
 * Builds real zLD dictionary modules for tests, with SWORD's own `imp2ld` (libsword-utils), from entries
 * the test writes: Debian packages no Bible dictionary (Easton's, Smith's). Test code only.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestDictionary {
  /** The module's name, its conf's section ("TestEaston"). */
  name: string;
  /** Key → entry markup, as the module's SourceType writes it. */
  entries: Record<string, string>;
  /** Further conf lines ("Description", "DistributionLicense", "Feature", "LCSH", …): they replace the defaults. */
  conf?: Record<string, string>;
}

const dataDirOf = (name: string) => `modules/lexdict/zld/${name.toLowerCase()}`;

/**
 * Writes the module into a SWORD root (a folder that holds or will hold mods.d), the data first and the
 * conf last, as the library's install leaves it, so a reader never sees a conf without its data.
 */
export function installTestDictionary(root: string, dictionary: TestDictionary): void {
  const { name, entries } = dictionary;
  const work = mkdtempSync(join(tmpdir(), 'selah-imp-'));
  try {
    const imp = join(work, `${name}.imp`);
    writeFileSync(
      imp,
      Object.entries(entries)
        .map(([key, text]) => `$$$${key}\n${text}\n`)
        .join(''),
    );
    const dataDir = join(root, dataDirOf(name));
    mkdirSync(dataDir, { recursive: true });
    // -z z: zLD with zlib blocks, as CrossWire's dictionaries are packaged.
    execFileSync('imp2ld', [imp, '-o', join(dataDir, name.toLowerCase()), '-z', 'z'], { stdio: 'ignore' });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const conf = {
    DataPath: `./${dataDirOf(name)}/${name.toLowerCase()}`,
    ModDrv: 'zLD',
    CompressType: 'ZIP',
    Encoding: 'UTF-8',
    SourceType: 'ThML',
    Lang: 'en',
    Description: `${name} Bible Dictionary`,
    DistributionLicense: 'Public Domain',
    ...dictionary.conf,
  };
  mkdirSync(join(root, 'mods.d'), { recursive: true });
  writeFileSync(
    join(root, 'mods.d', `${name.toLowerCase()}.conf`),
    `[${name}]\n${Object.entries(conf)
      .map(([k, v]) => `${k}=${v}\n`)
      .join('')}`,
  );
}

/** Removes a module installTestDictionary wrote: its conf first, as the library's removal does. */
export function removeTestDictionary(root: string, name: string): void {
  rmSync(join(root, 'mods.d', `${name.toLowerCase()}.conf`), { force: true });
  rmSync(join(root, dataDirOf(name)), { recursive: true, force: true });
}

/**
 * Entries in the style of Easton's (ThML): names of people and places from John 1:45 and Matthew 2:1,
 * one common word ("LAW", which those verses write in lower case), and a divine name ("GOD").
 */
export const EASTON_LIKE: TestDictionary = {
  name: 'TestEaston',
  conf: { Description: "Easton's Bible Dictionary (test edition)", DistributionLicense: 'Public Domain' },
  entries: {
    BETHLEHEM:
      '<p>Bethlehem, house of bread, a town in the hill country of Judah, about six miles south of Jerusalem.</p><p>It is called &quot;the city of David&quot; (<scripRef passage="Luke 2:4">Luke 2:4</scripRef>).</p>',
    GOD: '<p>The name of the Divine Being.</p>',
    HEROD: '<p>Herod the Great, king of Judaea when Jesus was born.</p>',
    JERUSALEM: '<p>Jerusalem, the holy city, on the central ridge of the land.<br/>Called also Salem &amp; Zion.</p>',
    LAW: '<p>The law of Moses.</p>',
    MOSES:
      '<p><b>Moses</b>, drawn out of the water, the son of Amram and Jochebed.</p><p>He led Israel out of Egypt.<script>alert(1)</script></p><p>&lt;img src=x onerror=alert(1)&gt; is only text.</p>',
    NATHANAEL: '<p>Nathanael, given of God, one of the disciples, of Cana in Galilee.</p>',
    PHILIP: '<p>Philip the apostle, a native of Bethsaida.</p>',
    'RED SEA': '<p>The sea the children of Israel crossed.</p>',
  },
};

/** Entries in the style of Smith's (TEI), a second dictionary that has some of the same names. */
export const SMITH_LIKE: TestDictionary = {
  name: 'TestSmith',
  conf: { Description: "Smith's Bible Dictionary (test edition)", SourceType: 'TEI', DistributionLicense: 'Public Domain' },
  entries: {
    MOSES: '<entryFree n="MOSES"><title>Moses</title> <def>the Hebrew lawgiver.<lb/>Born in Egypt.</def></entryFree>',
    NAZARETH: '<entryFree n="NAZARETH"><title>Nazareth</title> <def>a town of Galilee where Jesus grew up.</def></entryFree>',
  },
};

/** A topical index (as Nave's conf says it is) and a Strong's lexicon: neither is a Bible dictionary. */
export const NOT_DICTIONARIES: TestDictionary[] = [
  {
    name: 'TestNave',
    conf: { Description: 'A topical index', LCSH: 'Bible--Indexes, Topical.', SourceType: 'TEI' },
    entries: { MOSES: '<p>Topics on Moses.</p>' },
  },
  { name: 'TestGreek', conf: { Description: 'A Greek lexicon', Feature: 'GreekDef' }, entries: { PHILIP: '<p>Philippos.</p>' } },
];
