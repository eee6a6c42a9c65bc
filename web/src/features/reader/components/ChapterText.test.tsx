// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VerseItem } from '#common/contracts/bible.ts';
import { ChapterText } from './ChapterText.tsx';

afterEach(cleanup);

type Node = VerseItem['content'][number];
const verse = (n: number, ...content: Node[]): VerseItem => ({
  verseId: `JHN.3.${n}`,
  reference: `John 3:${n}`,
  verse: n,
  verseNum: n,
  text: content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join(''),
  content,
});
const text = (t: string, marks: Partial<Extract<Node, { type: 'text' }>> = {}): Node => ({ type: 'text', text: t, ...marks });

const JOHN_3 = [
  verse(
    16,
    { type: 'heading', text: 'God so loved the world', kind: 'section' },
    { type: 'paragraph' },
    text('For '),
    text('God', { divineName: true }),
    text(' so loved the world, that he gave his only begotten Son.', { wordsOfJesus: true }),
  ),
  verse(17, text('For God sent '), text('not', { supplied: true }), text(' his Son into the world to condemn the world.'), {
    type: 'note',
    text: 'Or, judge',
    kind: 'footnote',
  }),
  verse(18, text('He that believeth on him is not condemned.')),
];

function renderChapter(props: Partial<Parameters<typeof ChapterText>[0]> = {}) {
  const onVerse = vi.fn();
  const view = render(
    <ChapterText
      verses={JOHN_3}
      fontSize="base"
      lineSpacing="normal"
      redLetters
      selected={new Set()}
      highlighted={new Map()}
      noted={new Set()}
      onVerse={onVerse}
      direction="ltr"
      {...props}
    />,
  );
  return { ...view, onVerse };
}

const verseButton = (n: number) => screen.getAllByRole('button').find((b) => b.dataset.verse === String(n))!;

describe('the chapter text', () => {
  it('lays the chapter out under its heading, each verse a button with its number', () => {
    renderChapter();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('God so loved the world');
    const verses = screen.getAllByRole('button').filter((b) => b.dataset.verse);
    expect(verses.map((b) => b.dataset.verse)).toEqual(['16', '17', '18']);
    expect(verses.map((b) => b.id)).toEqual(['v16', 'v17', 'v18']);
    // The number is shown but not read out twice: the verse is its words.
    expect(verses[0]!.querySelector('sup')?.textContent).toBe('16');
    expect(verses[0]!.querySelector('sup')?.getAttribute('aria-hidden')).toBe('true');
    expect(verses[2]!.textContent).toBe('18He that believeth on him is not condemned.');
  });

  it('marks the words of Jesus in red only when red letters are on, supplied words in italics, the divine name in small capitals', () => {
    const { rerender } = renderChapter();
    const red = () => [...verseButton(16).querySelectorAll('.text-red-700')].map((s) => s.textContent);
    expect(red()).toEqual([' so loved the world, that he gave his only begotten Son.']);
    expect([...verseButton(17).querySelectorAll('.italic')].map((s) => s.textContent)).toEqual(['not']);
    expect([...verseButton(16).querySelectorAll('.small-caps')].map((s) => s.textContent)).toEqual(['God']);
    rerender(
      <ChapterText
        verses={JOHN_3}
        fontSize="base"
        lineSpacing="normal"
        redLetters={false}
        selected={new Set()}
        highlighted={new Map()}
        noted={new Set()}
        onVerse={() => {}}
        direction="ltr"
      />,
    );
    expect(red()).toEqual([]);
  });

  it('says which verses are selected, highlighted and noted', () => {
    renderChapter({ selected: new Set([17]), highlighted: new Map([[18, 'yellow']]), noted: new Set([16]) });
    expect([16, 17, 18].map((n) => verseButton(n).getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    expect(verseButton(18).className).toMatch(/yellow/);
    expect(verseButton(17).className).not.toMatch(/yellow/);
    expect(within(verseButton(16)).getByText('(has notes)')).toBeTruthy();
    expect(verseButton(17).querySelector('[data-noted]')).toBeNull();
  });

  it('opens a verse by click, Enter or Space, but not from its footnote', () => {
    const { onVerse } = renderChapter();
    fireEvent.click(verseButton(16), { clientX: 40, clientY: 60 });
    expect(onVerse).toHaveBeenLastCalledWith(16, { x: 40, y: 60 });
    fireEvent.keyDown(verseButton(17), { key: 'Enter' });
    fireEvent.keyDown(verseButton(18), { key: ' ' });
    fireEvent.keyDown(verseButton(18), { key: 'a' });
    expect(onVerse.mock.calls.map((c) => c[0])).toEqual([16, 17, 18]);
    const footnote = screen.getByRole('button', { name: 'Footnote a' });
    fireEvent.click(footnote);
    expect(onVerse).toHaveBeenCalledTimes(3);
  });

  it('marks the verse being read aloud and writes a right-to-left text right to left', () => {
    const { container } = renderChapter({ readingVerse: 17, direction: 'rtl' });
    expect(verseButton(17).hasAttribute('data-reading')).toBe(true);
    expect(verseButton(16).hasAttribute('data-reading')).toBe(false);
    expect(container.firstElementChild!.getAttribute('dir')).toBe('rtl');
  });

  it('puts a poem’s verse numbers in the gutter and keeps its lines and indents', () => {
    const psalm = [
      verse(1, { type: 'heading', text: 'A Psalm of David.', kind: 'psalm' }, { type: 'line' }, text('The LORD is my shepherd;')),
      verse(2, { type: 'line', indent: 2 }, text('He maketh me to lie down in green pastures:')),
    ];
    const { container } = renderChapter({ verses: psalm });
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('A Psalm of David.').tagName).toBe('P');
    const lines = [...container.querySelectorAll('.poetry-line')];
    // A line with no level is a poem's first level.
    expect(lines.map((l) => l.getAttribute('data-level'))).toEqual(['1', '2']);
    expect(lines.map((l) => l.querySelector('.verse-gutter')?.textContent)).toEqual(['1', '2']);
    // In the gutter, not again inside the verse.
    expect(verseButton(1).querySelector('sup')).toBeNull();
  });
});
