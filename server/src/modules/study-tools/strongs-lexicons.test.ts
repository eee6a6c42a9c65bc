import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { libraryRootIn } from '../../scripture/library/library-root.ts';
import { NPM_STRONGS_LEXICON } from '../../scripture/strongs/npm-strongs.ts';
import { StrongsLexicons } from './strongs-lexicons.ts';

const SYSTEM = '/usr/share/sword';
const installed = existsSync(join(SYSTEM, 'mods.d', 'strongsgreek.conf'));
const dataDir = mkdtempSync(join(tmpdir(), 'selah-strongs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("reads the npm package's entry while no Strong's dictionary is installed", () => {
  const lexicons = new StrongsLexicons(
    { swordDiscovery: false, swordPaths: [], dataDir: mkdtempSync(join(tmpdir(), 'selah-strongs-none-')) },
    { warn: () => {} },
  );
  expect(lexicons.entry('G3439')).toEqual({
    word: 'μονογενής',
    transliteration: null,
    pronunciation: null,
    definition: ['from G3441 (μόνος) and G1096 (γίνομαι);', 'only-born, i.e. sole', 'KJV: only (begotten, child)'],
    lexicon: NPM_STRONGS_LEXICON,
  });
  expect(lexicons.entry('H2617')).toMatchObject({ word: 'חֵסֵד', transliteration: 'chêçêd', pronunciation: "kheh'-sed" });
  expect(lexicons.entry('G99999')).toBeUndefined();
  expect(lexicons.entry('constructor')).toBeUndefined();
});

it.skipIf(!installed)("reads a Strong's dictionary installed in the library root before the npm package", () => {
  const lexicons = new StrongsLexicons({ swordDiscovery: false, swordPaths: [], dataDir }, { warn: () => {} });
  expect(lexicons.entry('G26')?.lexicon).toEqual(NPM_STRONGS_LEXICON);
  const root = libraryRootIn(dataDir);
  cpSync(join(SYSTEM, 'mods.d', 'strongsgreek.conf'), join(root, 'mods.d', 'strongsgreek.conf'));
  cpSync(join(SYSTEM, 'modules/lexdict/zld/strongsgreek'), join(root, 'modules/lexdict/zld/strongsgreek'), { recursive: true });
  lexicons.forget();
  expect(lexicons.entry('G26')).toMatchObject({ word: 'ἀγάπη', lexicon: { module: 'StrongsGreek' } });
  // The Greek dictionary does not answer Hebrew numbers: the package does.
  expect(lexicons.entry('H26')?.lexicon).toEqual(NPM_STRONGS_LEXICON);
});
