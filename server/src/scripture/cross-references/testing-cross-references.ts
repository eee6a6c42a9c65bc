/**
 * Builds a real zCom cross-reference module for tests, with SWORD's own `imp2vs` (libsword-utils), from
 * entries the test writes: Debian packages no Treasury of Scripture Knowledge. Test code only.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCrossReferenceWork {
  /** The module's name, its conf's section ("TestTSK"). */
  name: string;
  /** OSIS verse ("John.3.16") → entry markup, as the module's SourceType writes it. */
  entries: Record<string, string>;
  /** Further conf lines: they replace the defaults. */
  conf?: Record<string, string>;
}

const dataDirOf = (name: string) => `modules/comments/zcom/${name.toLowerCase()}`;

/** Writes the module into a SWORD root, the data first and the conf last, as the library's install leaves it. */
export function installTestCrossReferences(root: string, work: TestCrossReferenceWork): void {
  const scratch = mkdtempSync(join(tmpdir(), 'selah-imp-'));
  try {
    const imp = join(scratch, `${work.name}.imp`);
    writeFileSync(
      imp,
      Object.entries(work.entries)
        .map(([key, text]) => `$$$${key}\n${text}\n`)
        .join(''),
    );
    const dataDir = join(root, dataDirOf(work.name));
    mkdirSync(dataDir, { recursive: true });
    // -z z -b 4: zlib blocks of a book each, as CrossWire packages TSK.
    execFileSync('imp2vs', [imp, '-o', dataDir, '-z', 'z', '-b', '4', '-v', work.conf?.Versification ?? 'KJV'], { stdio: 'ignore' });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const conf = {
    DataPath: `./${dataDirOf(work.name)}/`,
    ModDrv: 'zCom',
    BlockType: 'BOOK',
    CompressType: 'ZIP',
    Encoding: 'UTF-8',
    SourceType: 'ThML',
    Lang: 'en',
    Description: 'The Treasury of Scripture Knowledge (test edition)',
    DistributionLicense: 'Public Domain',
    ...work.conf,
  };
  mkdirSync(join(root, 'mods.d'), { recursive: true });
  writeFileSync(
    join(root, 'mods.d', `${work.name.toLowerCase()}.conf`),
    `[${work.name}]\n${Object.entries(conf)
      .map(([k, v]) => `${k}=${v}\n`)
      .join('')}`,
  );
}

/** Removes a module installTestCrossReferences wrote: its conf first, as the library's removal does. */
export function removeTestCrossReferences(root: string, name: string): void {
  rmSync(join(root, 'mods.d', `${name.toLowerCase()}.conf`), { force: true });
  rmSync(join(root, dataDirOf(name)), { recursive: true, force: true });
}

/**
 * Entries in the style of the Treasury (ThML): a word of the verse in bold, then its references as
 * SWORD writes them (abbreviated books, a chapter carried on to the next reference, verse lists), and
 * one reference with a `passage` attribute. Romans 5:8, 1 John 4:9 and Genesis 22:12 are in the npm
 * data for John 3:16 too; Isaiah 9:6, Jeremiah 31:3, 1 John 4:10 and Ephesians 2:4-5 are not.
 */
export const TSK_LIKE: TestCrossReferenceWork = {
  name: 'TestTSK',
  entries: {
    'John.3.16':
      '<b>God.</b> <scripRef>Ro 5:8; 1Jo 4:9,10</scripRef> <scripRef>Jer 31:3</scripRef><br />' +
      '<b>that he gave.</b> <scripRef passage="Isa 9:6">Isa 9:6</scripRef> <scripRef>Ge 22:12; Eph 2:4-5</scripRef>',
  },
};
