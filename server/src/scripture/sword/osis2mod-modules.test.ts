import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { plainText } from '#common/scripture/content.ts';
import { debianSwordModule, useTempDir } from '../importers/testing.ts';
import { osisToNodes } from '../osis/osis-to-nodes.ts';
import { findSwordModule, type SwordModule } from './discover.ts';
import { importSwordBible } from './import-sword-bible.ts';
import { ZLdReader } from './zld.ts';
import { ZVerseReader } from './ztext.ts';

/**
 * Modules written by SWORD's own tools (Debian libsword-utils) in every block type and compression a
 * repository may serve, read back by our reader and compared with what SWORD itself reads (mod2imp).
 */
const kjv = debianSwordModule('engKJV2006eb');
const hasTools = ['osis2mod', 'mod2zmod', 'imp2ld', 'mod2imp'].every((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0);

// Words in a fixed order, so the long verse has repeats (LZSS references) and runs past the 4 KiB ring.
const WORDS = 'and the earth was without form void darkness upon face of deep spirit God moved waters'.split(' ');
const longVerse = Array.from({ length: 900 }, (_, i) => WORDS[(i * 7 + (i >> 3)) % WORDS.length]).join(' ');

const VERSES: Record<string, string> = {
  'Gen.1.1': 'In the beginning God created the heaven and the earth.',
  'Gen.1.2': 'Και ἡ γῆ ἦν ἀόρατος — “É ü” and the earth was without form.',
  'Gen.2.1': longVerse,
  'Gen.2.2': 'And on the seventh day God ended his work which he had made.',
  'John.3.16': 'For God so loved the world, that he gave his only begotten Son.',
  'John.3.17': 'For God sent not his Son into the world to condemn the world.',
  'John.21.25': 'And there are also many other things which Jesus did.',
};

function osisDocument(): string {
  const books = new Map<string, Map<number, [number, string][]>>();
  for (const [ref, text] of Object.entries(VERSES)) {
    const [book, chapter, verse] = ref.split('.') as [string, string, string];
    const chapters = books.get(book) ?? new Map<number, [number, string][]>();
    books.set(book, chapters);
    chapters.set(Number(chapter), [...(chapters.get(Number(chapter)) ?? []), [Number(verse), text]]);
  }
  let body = '';
  for (const [book, chapters] of books) {
    body += `<div type="book" osisID="${book}">`;
    for (const [c, verses] of chapters) {
      body += `<chapter osisID="${book}.${c}">`;
      for (const [v, text] of verses) body += `<verse osisID="${book}.${c}.${v}">${text}</verse>`;
      body += '</chapter>';
    }
    body += '</div>';
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?><osis xmlns="http://www.bibletechnologies.net/2003/OSIS/namespace">' +
    '<osisText osisIDWork="T" osisRefWork="Bible" xml:lang="en"><header><work osisWork="T"/></header>' +
    body +
    '</osisText></osis>'
  );
}

interface Case {
  name: string;
  /** osis2mod options: -b block type, -z compression, -s entry size bytes. */
  args: string[];
  /** .conf lines besides DataPath; BlockType and CompressType left out mean SWORD's defaults. */
  conf: string;
}

const CASES: Case[] = [
  { name: 'VerseZip', args: ['-b', '2', '-z', 'z'], conf: 'ModDrv=zText\nBlockType=VERSE\nCompressType=ZIP' },
  { name: 'ChapterZip', args: ['-b', '3', '-z', 'z'], conf: 'ModDrv=zText\nBlockType=CHAPTER\nCompressType=ZIP' },
  { name: 'BookZip', args: ['-b', '4', '-z', 'z'], conf: 'ModDrv=zText\nBlockType=BOOK\nCompressType=ZIP' },
  { name: 'VerseLzss', args: ['-b', '2', '-z', 'l'], conf: 'ModDrv=zText\nBlockType=VERSE\nCompressType=LZSS' },
  { name: 'ChapterLzss', args: ['-b', '3', '-z', 'l'], conf: 'ModDrv=zText\nBlockType=CHAPTER\nCompressType=LZSS' },
  { name: 'BookLzss', args: ['-b', '4', '-z', 'l'], conf: 'ModDrv=zText\nBlockType=book\nCompressType=lzss' },
  { name: 'Defaults', args: ['-b', '3', '-z', 'l'], conf: 'ModDrv=zText' },
  { name: 'Text4VerseLzss', args: ['-b', '2', '-z', 'l', '-s', '4'], conf: 'ModDrv=zText4\nBlockType=VERSE\nCompressType=LZSS' },
  { name: 'ComChapterZip', args: ['-b', '3', '-z', 'z'], conf: 'ModDrv=zCom\nBlockType=CHAPTER\nCompressType=ZIP' },
];

function build(root: string, name: string, args: string[], conf: string): SwordModule {
  const dir = join(root, 'modules', name.toLowerCase());
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(root, 'mods.d', `${name.toLowerCase()}.conf`),
    `[${name}]\nDataPath=./modules/${name.toLowerCase()}/\n${conf}\nSourceType=OSIS\nEncoding=UTF-8\n`,
  );
  const run = spawnSync('osis2mod', [dir, join(root, 'text.osis.xml'), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`osis2mod ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
  return findSwordModule(name, [root])!;
}

/** Every entry SWORD itself reads, in record order, module and testament headings left out. */
function swordEntries(root: string, name: string): string[] {
  // SWORD looks in the working directory's mods.d first, so run where the module's root is.
  const run = spawnSync('mod2imp', [name], { cwd: root, env: { ...process.env, SWORD_PATH: root }, encoding: 'utf8', maxBuffer: 256 << 20 });
  if (run.status !== 0) throw new Error(`mod2imp ${name} failed:\n${run.stderr}`);
  const entries: string[] = [];
  let heading = true;
  for (const line of run.stdout.split('\n')) {
    if (line.startsWith('$$$')) {
      heading = line.startsWith('$$$[');
      if (!heading) entries.push('');
    } else if (!heading) {
      const last = entries.length - 1;
      entries[last] = entries[last] ? `${entries[last]}\n${line}` : line;
    }
  }
  // The dump ends with blank lines, which belong to no entry.
  return entries.map((e, i) => (i === entries.length - 1 ? e.replace(/\n+$/, '') : e));
}

function ourEntries(reader: ZVerseReader): string[] {
  return reader.versification.books.flatMap((book) => [...reader.bookEntries(book.osis, { intros: true })].map((e) => e.markup));
}

describe.skipIf(!hasTools)('SWORD modules written by osis2mod in every block type and compression (needs Debian libsword-utils)', () => {
  const temp = useTempDir('osis2mod-');
  beforeAll(() => {
    mkdirSync(join(temp.path, 'mods.d'));
    writeFileSync(join(temp.path, 'text.osis.xml'), osisDocument());
  });

  it.each(CASES)('$name: every entry reads as SWORD reads it', ({ name, args, conf }) => {
    const module = build(temp.path, name, args, conf);
    const reader = ZVerseReader.open(module);
    for (const [ref, text] of Object.entries(VERSES)) {
      const [osis, c, v] = ref.split('.') as [string, string, string];
      expect(plainText(osisToNodes(reader.readEntry(osis, Number(c), Number(v)))), ref).toBe(text);
    }
    expect(reader.readEntry('Gen', 1, 3)).toBe('');
    const ours = ourEntries(reader);
    expect(ours).toHaveLength(reader.versification.recordCounts[0]! + reader.versification.recordCounts[1]! - 4);
    // mod2imp lists every slot of a Bible but only the non-empty entries of a commentary.
    expect(module.type === 'Commentary' ? ours.filter(Boolean) : ours).toEqual(swordEntries(temp.path, name));
  });

  it.each([
    ['XZ', 'x'],
    ['BZIP2', 'b'],
  ])('refuses a %s module with a message naming the module and the value', (type, flag) => {
    const module = build(temp.path, `Packed${type}`, ['-b', '4', '-z', flag], `ModDrv=zText\nBlockType=BOOK\nCompressType=${type}`);
    expect(() => ZVerseReader.open(module)).toThrow(`Packed${type}: CompressType: ${type} compression is not supported (Selah reads ZIP and LZSS)`);
  });

  it('refuses a BlockType SWORD does not know, and a conf whose BlockType does not match the files', () => {
    const odd = build(temp.path, 'OddBlocks', ['-b', '3', '-z', 'z'], 'ModDrv=zText\nBlockType=PARAGRAPH\nCompressType=ZIP');
    expect(() => ZVerseReader.open(odd)).toThrow('OddBlocks: BlockType: PARAGRAPH is not a SWORD block type (BOOK, CHAPTER or VERSE)');
    const wrong = build(temp.path, 'WrongBlocks', ['-b', '3', '-z', 'z'], 'ModDrv=zText\nBlockType=BOOK\nCompressType=ZIP');
    expect(() => ZVerseReader.open(wrong)).toThrow('WrongBlocks: BlockType: BOOK means ot.bzv, but the module has ot.czv');
  });

  // Only the testaments the versification has books in are opened, so the NT stub is never judged.
  it('reads an Old Testament-only MT module, whose New Testament index osis2mod leaves a stub', () => {
    const module = build(temp.path, 'MtOnly', ['-b', '4', '-z', 'z', '-v', 'MT'], 'ModDrv=zText\nBlockType=BOOK\nCompressType=ZIP\nVersification=MT');
    const reader = ZVerseReader.open(module);
    expect(plainText(osisToNodes(reader.readEntry('Gen', 1, 1)))).toBe(VERSES['Gen.1.1']);
    expect(reader.readEntry('John', 3, 16)).toBe('');
  });

  it('reads a zLD dictionary with LZSS blocks (imp2ld), CompressType left to its default', () => {
    const dir = join(temp.path, 'modules/dict');
    mkdirSync(dir, { recursive: true });
    const imp = join(temp.path, 'dict.imp');
    const topics: Record<string, string> = {
      ABRAHAM: 'Abraham was the father of Isaac. '.repeat(40),
      ISAAC: 'Isaac was the son of Abraham and Sarah.',
      JACOB: 'Jacob — “Israel”, the son of Isaac.',
    };
    writeFileSync(
      imp,
      Object.entries(topics)
        .map(([k, v]) => `$$$${k}\n${v}\n`)
        .join(''),
    );
    const run = spawnSync('imp2ld', [imp, '-z', 'l', '-o', join(dir, 'dict')], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    writeFileSync(join(temp.path, 'mods.d/dict.conf'), '[Dict]\nDataPath=./modules/dict/dict\nModDrv=zLD\nEncoding=UTF-8\n');
    const reader = ZLdReader.open(findSwordModule('Dict', [temp.path])!);
    expect(reader.keys()).toEqual(Object.keys(topics));
    for (const [key, text] of Object.entries(topics)) expect(reader.lookup(key)?.trim()).toBe(text.trim());
  });
});

describe.skipIf(!hasTools || !kjv)('the Debian KJV rewritten by mod2zmod in chapter blocks with LZSS (needs sword-text-kjv, libsword-utils)', () => {
  const temp = useTempDir('mod2zmod-');

  it('reads every entry as SWORD reads it, and imports the same books as the original', () => {
    mkdirSync(join(temp.path, 'mods.d'));
    const dir = join(temp.path, 'modules/kjvlzss');
    mkdirSync(dir, { recursive: true });
    // Block type 3 = CHAPTER, compression 1 = LZSS; run outside any mods.d so SWORD finds the system copy.
    const run = spawnSync('mod2zmod', [kjv!.name, dir, '3', '1'], {
      cwd: dir,
      env: { ...process.env, SWORD_PATH: kjv!.root },
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    expect(run.status, run.stderr).toBe(0);
    // Its own conf, with BlockType and CompressType left to SWORD's defaults (CHAPTER, LZSS).
    const conf = kjv!.conf;
    const kept = ['ModDrv', 'SourceType', 'Encoding', 'Versification', 'Abbreviation', 'Description', 'Lang', 'GlobalOptionFilter'];
    const lines = kept.flatMap((key) => conf.getAll(key).map((value) => `${key}=${value}`));
    writeFileSync(join(temp.path, 'mods.d/kjvlzss.conf'), `[KJVLZSS]\nDataPath=./modules/kjvlzss/\n${lines.join('\n')}\n`);
    const module = findSwordModule('KJVLZSS', [temp.path])!;
    const reader = ZVerseReader.open(module);
    const ours = ourEntries(reader);
    expect(ours).toHaveLength(32_357);
    expect(ours).toEqual(swordEntries(temp.path, 'KJVLZSS'));
    // mod2zmod trims trailing spaces from entries, which the importer drops anyway.
    expect(importSwordBible(module).books).toEqual(importSwordBible(kjv!).books);
  });
});
