import { describe, expect, it } from 'vitest';
import { chapterBlocks } from './chapter-blocks.ts';
import type { TranslationCategory } from '#common/scripture/categories.ts';
import { initialComparison, toggleComparison } from './compare-selection.ts';
import { menuPosition } from './menu-position.ts';

describe('verse menu geometry (spec §2, §9)', () => {
  const desktop = { width: 1280, height: 800 };
  const phone = { width: 390, height: 844 };

  it('opens 15 px below the tap, 320 wide, centred on it', () => {
    expect(menuPosition({ x: 600, y: 200 }, { height: 150 }, desktop)).toEqual({ left: 440, top: 215, width: 320, placement: 'below' });
  });

  it('flips above the tap when it would leave the screen', () => {
    expect(menuPosition({ x: 600, y: 700 }, { height: 150 }, desktop)).toMatchObject({ top: 535, placement: 'above' });
  });

  it('keeps 10 px from the edges, and 120 px from the bottom below 640 px wide', () => {
    expect(menuPosition({ x: 5, y: 100 }, { height: 150 }, desktop).left).toBe(10);
    expect(menuPosition({ x: 1275, y: 100 }, { height: 150 }, desktop).left).toBe(1280 - 10 - 320);
    const nearBottom = menuPosition({ x: 200, y: 650 }, { height: 150 }, phone);
    expect(nearBottom.placement).toBe('above');
    expect(nearBottom.top + 150).toBeLessThanOrEqual(844 - 120);
    expect(menuPosition({ x: 200, y: 560 }, { height: 150 }, phone).placement).toBe('above');
    expect(menuPosition({ x: 200, y: 560 }, { height: 150 }, desktop).placement).toBe('below');
  });

  it('narrows on a screen too small for 320 plus margins', () => {
    expect(menuPosition({ x: 150, y: 100 }, { height: 150 }, { width: 300, height: 600 })).toMatchObject({ left: 10, width: 280 });
  });
});

describe('comparison selection (spec §4, §9)', () => {
  const offered = (...list: [string, TranslationCategory, string?][]) => list.map(([code, category, language = 'en']) => ({ code, category, language }));
  const all = offered(
    ['KJV', 'Word-for-Word'],
    ['NIV', 'Thought-for-Thought'],
    ['ESV', 'Word-for-Word'],
    ['NLT', 'Thought-for-Thought'],
    ['MSG', 'Paraphrase'],
    ['WEB', 'Word-for-Word'],
  );

  it('starts with the current translation, then the defaults offered, at most 6', () => {
    expect(initialComparison('KJV', all)).toEqual(['KJV', 'NIV', 'ESV', 'NLT', 'MSG']);
    expect(initialComparison('WEB', all)).toEqual(['WEB', 'KJV', 'NIV', 'ESV', 'NLT', 'MSG']);
  });

  it('stands in for a missing default with the closest one offered: English, same category, else any English', () => {
    const local = offered(['KJV', 'Word-for-Word'], ['WEB', 'Word-for-Word'], ['ASV', 'Word-for-Word'], ['RV1909', 'International', 'es']);
    // NIV (thought-for-thought) has no like: any English one; ESV (word-for-word): the next; Spanish never.
    expect(initialComparison('KJV', local)).toEqual(['KJV', 'WEB', 'ASV']);
    const some = offered(
      ['KJV', 'Word-for-Word'],
      ['NIV', 'Thought-for-Thought'],
      ['GNT', 'Thought-for-Thought'],
      ['TLB', 'Paraphrase'],
      ['NASB', 'Word-for-Word'],
    );
    // ESV → NASB, NLT → GNT, MSG → TLB.
    expect(initialComparison('KJV', some)).toEqual(['KJV', 'NIV', 'NASB', 'GNT', 'TLB']);
    expect(initialComparison('WEB', offered(['KJV', 'Word-for-Word'], ['WEB', 'Word-for-Word'], ['RV1909', 'International', 'es']))).toEqual(['WEB', 'KJV']);
  });

  it('never goes below 1, and a ninth drops the oldest', () => {
    expect(toggleComparison(['KJV'], 'KJV')).toEqual(['KJV']);
    expect(toggleComparison(['KJV', 'WEB'], 'KJV')).toEqual(['WEB']);
    const eight = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    expect(toggleComparison(eight, 'I')).toEqual(['B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']);
  });
});

describe('chapter layout', () => {
  const verse = (n: number, content: object[]) => ({ verseId: `X.1.${n}`, reference: `X 1:${n}`, verse: n, verseNum: n, text: '', content }) as never;

  it('groups prose into paragraphs and poetry into lines, with headings and stanzas', () => {
    const blocks = chapterBlocks([
      verse(1, [
        { type: 'heading', text: 'A Psalm', kind: 'psalm' },
        { type: 'line', indent: 1 },
        { type: 'text', text: 'One' },
        { type: 'line', indent: 2 },
        { type: 'text', text: 'two' },
      ]),
      verse(2, [{ type: 'stanza' }, { type: 'line', indent: 1 }, { type: 'text', text: 'Three' }]),
      verse(3, [{ type: 'paragraph' }, { type: 'text', text: 'Prose' }]),
      verse(4, [
        { type: 'text', text: 'goes on' },
        { type: 'note', text: 'a note', kind: 'footnote' },
      ]),
    ]);
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'line', 'line', 'stanza', 'line', 'paragraph']);
    const para = blocks.at(-1) as Extract<(typeof blocks)[number], { kind: 'paragraph' }>;
    expect(para.segments.map((s) => [s.verse, s.first])).toEqual([
      [3, true],
      [4, true],
    ]);
    const second = blocks[2] as Extract<(typeof blocks)[number], { kind: 'line' }>;
    expect(second).toMatchObject({ indent: 2, segments: [{ verse: 1, first: false }] });
  });

  it('gives each verse its own paragraph when the source has no layout', () => {
    const blocks = chapterBlocks([verse(1, [{ type: 'text', text: 'a' }]), verse(2, [{ type: 'text', text: 'b' }])]);
    expect(blocks).toHaveLength(2);
  });
});
