import { describe, expect, it } from 'vitest';
import type { VerseItem } from '#common/contracts/bible.ts';
import { chapterSegments, forSpeech, verseSegments } from './spoken-text.ts';

const verse = (n: number, content: VerseItem['content'], text = ''): VerseItem => ({
  verseId: `PSA.23.${n}`,
  reference: `Psalms 23:${n}`,
  verse: n,
  verseNum: n,
  text,
  content,
});

describe('what is read aloud', () => {
  it('opens a chapter with its title: "Psalm N." for the Psalms, "Book, chapter N." for the rest', () => {
    const one = [verse(1, [{ type: 'text', text: 'The LORD is my shepherd.' }])];
    expect(chapterSegments('Psalms', 23, one)).toEqual([
      { verse: 0, text: 'Psalm 23.' },
      { verse: 1, text: 'The Lord is my shepherd.' },
    ]);
    expect(chapterSegments('John', 3, one)[0]).toEqual({ verse: 0, text: 'John, chapter 3.' });
  });

  it('reads a psalm’s title as a sentence, but not the headings editors added, nor notes', () => {
    const [first] = verseSegments([
      verse(1, [
        { type: 'heading', kind: 'section', text: 'The Good Shepherd' },
        { type: 'heading', kind: 'psalm', text: 'A Psalm of David:' },
        { type: 'text', text: 'The LORD is my shepherd' },
        { type: 'note', kind: 'footnote', text: 'Or, feeds me' },
        { type: 'text', text: ';' },
        { type: 'line' },
        { type: 'text', text: 'I shall not want.' },
      ]),
    ]);
    expect(first).toEqual({ verse: 1, text: 'A Psalm of David. The Lord is my shepherd; I shall not want.' });
    // A title without a closing mark, or with spaces after it, still ends in one full stop.
    const titled = (text: string) =>
      verseSegments([
        verse(1, [
          { type: 'heading', kind: 'psalm', text },
          { type: 'text', text: 'Hear me.' },
        ]),
      ])[0]!.text;
    expect([titled('To the chief Musician  '), titled('To the chief Musician; \n')]).toEqual([
      'To the chief Musician. Hear me.',
      'To the chief Musician. Hear me.',
    ]);
  });

  it('keeps words apart across the breaks of poetry and paragraphs', () => {
    const lines = (type: 'line' | 'paragraph' | 'stanza') =>
      verseSegments([verse(2, [{ type: 'text', text: 'green' }, { type }, { type: 'text', text: 'pastures' }])])[0]!.text;
    expect([lines('line'), lines('paragraph'), lines('stanza')]).toEqual(['green pastures', 'green pastures', 'green pastures']);
  });

  it('falls back on the verse’s plain text when it has no content, and leaves out a verse with nothing to read', () => {
    expect(verseSegments([verse(3, [], 'He restoreth my soul.'), verse(4, [{ type: 'note', kind: 'crossref', text: 'Ps 22' }]), verse(5, [], '  ')])).toEqual([
      { verse: 3, text: 'He restoreth my soul.' },
    ]);
  });

  it('reads words printed in capitals as words, and drops the marks that are not read', () => {
    expect(forSpeech('¶ The LORD GOD [is] {my} <light>* and I AM')).toBe('The Lord God is my light and I Am');
    expect(forSpeech('  O   God,\n\tthou art  ')).toBe('O God, thou art');
  });
});
