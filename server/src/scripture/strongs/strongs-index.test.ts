import { describe, expect, it } from 'vitest';
import { bookByOsis } from '#common/scripture/canon.ts';
import type { VerseItem } from '#common/contracts/bible.ts';
import { LoadedBook, LoadedChapter, LoadedTranslation } from '../store/bible-store.ts';
import { strongsIndexNow, strongsIndexOf } from './strongs-index.ts';

/** Psalms, every chapter one verse whose "mercy" carries H2617. */
function psalter(): LoadedTranslation {
  const psalms = bookByOsis('Ps')!;
  const chapters = Array.from({ length: 150 }, (_, i) => {
    const item: VerseItem = {
      verseId: `PSA.${i + 1}.1`,
      reference: `Psalms ${i + 1}:1`,
      verse: 1,
      verseNum: 1,
      text: 'His mercy endureth for ever.',
      content: [
        { type: 'text', text: 'His ' },
        { type: 'text', text: 'mercy', strongs: ['H2617'] },
        { type: 'text', text: ' endureth for ever.' },
      ],
    };
    return LoadedChapter.of(i + 1, [item]);
  });
  const identity = { code: 'PSALTER', name: 'Psalter', language: 'en', languageName: 'English', category: 'Word-for-Word', direction: 'ltr', licence: 'Test' };
  return new LoadedTranslation(identity, [new LoadedBook(psalms, 'Psalms', 'Psalms', chapters)]);
}

describe("A translation's Strong's index", () => {
  it('finds every verse carrying a number and the words that carry it', () => {
    const index = strongsIndexNow(psalter());
    const verses = index.carrying('H2617');
    expect(verses).toHaveLength(150);
    expect(index.matchesIn(verses[0]!, 'H2617')).toEqual([{ start: 4, end: 9 }]);
  });

  it('is built in slices, letting other work run in between, and once for requests that ask together', async () => {
    const translation = psalter();
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const [first, second] = await Promise.all([strongsIndexOf(translation), strongsIndexOf(translation)]);
    counting = false;
    expect(first).toBe(second);
    expect(first.carrying('H2617')).toHaveLength(150);
    // 150 chapters in slices of 40: the event loop turned between them.
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(strongsIndexNow(translation)).toBe(first);
  });
});
