import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { libraryRootIn } from '../../scripture/library/library-root.ts';
import { StrongsLexicons } from './strongs-lexicons.ts';

const SYSTEM = '/usr/share/sword';
const installed = existsSync(join(SYSTEM, 'mods.d', 'strongsgreek.conf'));
const dataDir = mkdtempSync(join(tmpdir(), 'selah-strongs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it.skipIf(!installed)("finds no entry until a Strong's dictionary is installed in the library root, then reads it", () => {
  const lexicons = new StrongsLexicons({ swordDiscovery: false, swordPaths: [], dataDir }, { warn: () => {} });
  expect(lexicons.entry('G26')).toBeUndefined();
  const root = libraryRootIn(dataDir);
  cpSync(join(SYSTEM, 'mods.d', 'strongsgreek.conf'), join(root, 'mods.d', 'strongsgreek.conf'));
  cpSync(join(SYSTEM, 'modules/lexdict/zld/strongsgreek'), join(root, 'modules/lexdict/zld/strongsgreek'), { recursive: true });
  lexicons.forget();
  expect(lexicons.entry('G26')).toMatchObject({ word: 'ἀγάπη', lexicon: { module: 'StrongsGreek' } });
  // The Greek dictionary does not answer Hebrew numbers.
  expect(lexicons.entry('H26')).toBeUndefined();
});
