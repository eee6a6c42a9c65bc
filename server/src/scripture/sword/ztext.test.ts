import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

import { plainText } from '#common/scripture/content.ts';
import { debianSwordModule, useTempDir } from '../importers/testing.ts';
import { osisToNodes } from '../osis/osis-to-nodes.ts';
import { parseConf } from './conf.ts';
import { findSwordModule, type SwordModule } from './discover.ts';
import { getVersification, recordIndex, type Testament } from './versification.ts';
import { ZLdReader } from './zld.ts';
import { ZVerseReader } from './ztext.ts';

const kjv = debianSwordModule('engKJV2006eb');
const mhcc = debianSwordModule('MHCC');
const nave = debianSwordModule('Nave');

/**
 * Writes a zText4 module (12-byte .bzv records, u32 sizes) in KJV layout: nothing installed on the
 * machine has one, and it exercises what the Debian modules cannot — long entries, links, Latin-1.
 */
function writeZText4(root: string, entries: Record<string, Buffer | string>): void {
  const v11n = getVersification('KJV');
  const dir = join(root, 'modules/texts/ztext4/test');
  mkdirSync(dir, { recursive: true });
  mkdirSync(join(root, 'mods.d'), { recursive: true });
  writeFileSync(
    join(root, 'mods.d/test.conf'),
    '[Test4]\nDataPath=./modules/texts/ztext4/test/\nModDrv=zText4\nSourceType=OSIS\nEncoding=Latin-1\nCompressType=ZIP\nBlockType=BOOK\n',
  );
  for (const t of [1, 2] as Testament[]) {
    const bzv = Buffer.alloc(v11n.recordCounts[t - 1]! * 12);
    const block: Buffer[] = [];
    let offset = 0;
    const placed = new Map<string, [number, number]>();
    for (const [ref, value] of Object.entries(entries)) {
      const [osis, c, v] = ref.split('.') as [string, string, string];
      const book = v11n.book(osis)!;
      if (book.testament !== t) continue;
      const index = recordIndex(book, Number(c), Number(v))!;
      // "=Gen.1.1" links this slot to the text of another.
      const at =
        typeof value === 'string' && value.startsWith('=')
          ? placed.get(value.slice(1))!
          : (() => {
              const bytes = Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
              block.push(bytes);
              const here: [number, number] = [offset, bytes.length];
              offset += bytes.length;
              return here;
            })();
      placed.set(ref, at);
      bzv.writeUInt32LE(0, index * 12);
      bzv.writeUInt32LE(at[0], index * 12 + 4);
      bzv.writeUInt32LE(at[1], index * 12 + 8);
    }
    const raw = Buffer.concat(block);
    const compressed = deflateSync(raw);
    const bzs = Buffer.alloc(12);
    bzs.writeUInt32LE(0, 0);
    bzs.writeUInt32LE(compressed.length, 4);
    bzs.writeUInt32LE(raw.length, 8);
    const prefix = join(dir, t === 1 ? 'ot' : 'nt');
    writeFileSync(`${prefix}.bzv`, bzv);
    writeFileSync(`${prefix}.bzs`, bzs);
    writeFileSync(`${prefix}.bzz`, compressed);
  }
}

describe('ZVerseReader on a synthetic zText4 module', () => {
  const temp = useTempDir('ztext4-');
  const long = 'x'.repeat(70_000); // more than a u16 size can say
  let module: SwordModule;
  let reader: ZVerseReader;
  beforeAll(() => {
    writeZText4(temp.path, {
      'Gen.1.0': '<chapter osisID="Gen.1" sID="Gen.1"/>',
      'Gen.1.1': 'In the beginning',
      'Gen.1.2': '=Gen.1.1',
      'Gen.1.3': Buffer.from('Génesis', 'latin1'),
      'Gen.1.4': 'Génesis in UTF-8',
      'Ps.119.176': long,
      'John.3.16': 'For God so loved the world',
    });
    module = findSwordModule('Test4', [temp.path])!;
    reader = ZVerseReader.open(module);
  });

  it('reads 12-byte records with u32 sizes in both testaments', () => {
    expect(module.type).toBe('Bible');
    expect(reader.readEntry('Gen', 1, 1)).toBe('In the beginning');
    expect(reader.readEntry('John', 3, 16)).toBe('For God so loved the world');
    expect(reader.readEntry('Ps', 119, 176)).toBe(long);
    expect(reader.readEntry('Gen', 1, 5)).toBe('');
    expect(reader.readEntry('Gen', 1, 99)).toBe('');
    expect(reader.readEntry('Tob', 1, 1)).toBe('');
  });

  it('decodes Latin-1, and UTF-8 that a Latin-1 module holds anyway', () => {
    expect(reader.readEntry('Gen', 1, 3)).toBe('Génesis');
    expect(reader.readEntry('Gen', 1, 4)).toBe('Génesis in UTF-8');
  });

  it('walks a book with intros and marks linked slots', () => {
    const entries = [...reader.bookEntries('Gen', { intros: true })].slice(0, 5);
    expect(entries.map((e) => [e.chapter, e.verse, e.markup, e.linked])).toEqual([
      [0, 0, '', false],
      [1, 0, '<chapter osisID="Gen.1" sID="Gen.1"/>', false],
      [1, 1, 'In the beginning', false],
      [1, 2, 'In the beginning', true],
      [1, 3, 'Génesis', false],
    ]);
    const verses = [...reader.verses('Gen')];
    expect(verses).toHaveLength(1533);
    expect(verses.every((v) => v.verse > 0)).toBe(true);
  });
});

describe.skipIf(!kjv)('ZVerseReader on the KJV (needs Debian sword-text-kjv)', () => {
  let reader: ZVerseReader;
  beforeAll(() => {
    reader = ZVerseReader.open(kjv!);
  });

  it('reads raw OSIS for a verse', () => {
    const gen = reader.readEntry('Gen', 1, 1);
    expect(gen).toContain('<w lemma="strong:H7225">beginning</w>');
    expect(plainText(osisToNodes(gen))).toBe('In the beginning God created the heaven and the earth.');
    expect(plainText(osisToNodes(reader.readEntry('John', 11, 35)))).toBe('Jesus wept.');
    expect(reader.readEntry('Gen', 1, 0)).toContain('<chapter');
  });

  it('refuses the module under a versification its index files do not fit, naming it and the sizes', () => {
    const wrong = (name: string) => ({ ...kjv!, conf: parseConf(`[engKJV2006eb]\nModDrv=zText\nBlockType=BOOK\nCompressType=ZIP\nVersification=${name}\n`) });
    // Synodal and Luther have more Old Testament slots than KJV; NRSV differs in the New Testament only.
    expect(() => ZVerseReader.open(wrong('Synodal')).readEntry('Gen', 1, 1)).toThrow(
      `${kjv!.dataPath}/ot.bzv: whole file: 241150 bytes do not fit versification Synodal, which has 30299 records of 10 or 12 bytes in this testament (302990 or 363588 bytes)`,
    );
    expect(() => ZVerseReader.open(wrong('Luther')).readEntry('Gen', 1, 1)).toThrow(/ot\.bzv: whole file: 241150 bytes do not fit versification Luther/);
    expect(() => ZVerseReader.open(wrong('NRSV')).readEntry('Matt', 1, 1)).toThrow(/nt\.bzv: whole file: 82460 bytes do not fit versification NRSV/);
  });

  it('iterates every verse of a book', () => {
    const verses = [...reader.verses('Ps')];
    expect(verses).toHaveLength(2461);
    expect(verses.filter((v) => v.markup.trim()).length).toBe(2461);
  });
});

describe.skipIf(!mhcc)('ZVerseReader on a zCom commentary, MHCC (needs Debian sword-comm-mhcc)', () => {
  let reader: ZVerseReader;
  beforeAll(() => {
    reader = ZVerseReader.open(mhcc!);
  });

  it('opens the module although its conf says zCom4 over plain zCom files', () => {
    expect(mhcc!.driver).toBe('zCom4');
    expect(mhcc!.type).toBe('Commentary');
    const john3 = reader.readEntry('John', 3, 1);
    expect(john3).toContain('Nicodemus');
    const nodes = osisToNodes(john3, { keepIntroductions: true });
    expect(nodes[0]).toEqual({ type: 'heading', text: 'Chapter 3', kind: 'section' });
    expect(plainText(nodes)).toMatch(/^Christ's discourse with Nicodemus/);
  });

  it('finds the entry covering a verse inside a range', () => {
    // MHCC links John 3:2-8 to the 3:1 entry and leaves 3:9-21 empty.
    expect(reader.readEntry('John', 3, 16)).toBe('');
    expect(reader.readEntry('John', 3, 5)).toBe(reader.readEntry('John', 3, 1));
    expect(reader.commentaryEntry('John', 3, 5)).toMatchObject({ chapter: 3, verse: 1 });
    const entry = reader.commentaryEntry('John', 3, 16)!;
    expect([entry.chapter, entry.verse]).toEqual([3, 1]);
    expect(entry.markup).toBe(reader.readEntry('John', 3, 1));
    expect(reader.commentaryEntry('John', 3, 22)).toMatchObject({ chapter: 3, verse: 22 });
  });
});

describe.skipIf(!nave)('ZLdReader on a zLD dictionary, Nave’s (needs Debian sword-dict-naves)', () => {
  let reader: ZLdReader;
  beforeAll(() => {
    reader = ZLdReader.open(nave!);
  });

  it('lists the keys in order', () => {
    const keys = reader.keys();
    expect(keys).toHaveLength(5322);
    expect(keys.slice(0, 2)).toEqual(['AARON', 'ABADDON']);
  });

  it('looks a topic up, ignoring case', () => {
    const aaron = reader.lookup('AARON')!;
    expect(aaron).toMatch(/^<entryFree n="AARON">/);
    expect(aaron).toContain('Lineage of');
    expect(aaron).toContain('osisRef="Exod.6.16-Exod.6.20"');
    expect(reader.lookup('aaron')).toBe(aaron);
    expect(reader.lookup('ZUZIMS')).toContain('ZUZIMS');
    expect(reader.lookup('NO SUCH TOPIC')).toBeUndefined();
  });
});
