import { describe, expect, it } from 'vitest';
import {
  FONT_STYLE_LABELS,
  LONG_SHARE_TEXT,
  SHORT_SHARE_TEXT,
  chapterVisualizationPath,
  shareImagePath,
  shareText,
  shareTitle,
  sharedVersePath,
  verseVisualizationPath,
} from './rules.ts';

const verse = 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.';

describe('shareText (spec §5: 100 or 200 characters)', () => {
  it('leaves a short text as it is, its spacing tidied', () => {
    expect(shareText('  Jesus   wept. ', SHORT_SHARE_TEXT)).toBe('Jesus wept.');
  });

  it('cuts a long text at a word, within the limit, with an ellipsis', () => {
    const cut = shareText(verse, SHORT_SHARE_TEXT);
    expect(cut.length).toBeLessThanOrEqual(SHORT_SHARE_TEXT);
    expect(cut).toBe('For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him…');
    expect(shareText(verse, LONG_SHARE_TEXT)).toBe(verse);
  });

  it('cuts inside a word when no space is near', () => {
    expect(shareText('x'.repeat(150), SHORT_SHARE_TEXT)).toBe(`${'x'.repeat(99)}…`);
  });

  it('keeps a text of exactly the limit whole, and cuts one a character longer', () => {
    expect(shareText('y'.repeat(SHORT_SHARE_TEXT), SHORT_SHARE_TEXT)).toBe('y'.repeat(SHORT_SHARE_TEXT));
    expect(shareText('y'.repeat(SHORT_SHARE_TEXT + 1), SHORT_SHARE_TEXT)).toBe(`${'y'.repeat(99)}…`);
  });

  it('cuts at a space from 60 % of the limit on, and drops the punctuation before the ellipsis', () => {
    // The last space is at 60 (of 100): too early, so the cut is inside the word.
    const early = `${'a'.repeat(60)} ${'b'.repeat(60)}`;
    expect(shareText(early, 100)).toBe(`${'a'.repeat(60)} ${'b'.repeat(38)}…`);
    // At 61 it is late enough to cut there; the commas and stops before it go.
    const late = `${'a'.repeat(58)},;. ${'b'.repeat(60)}`;
    expect(shareText(late, 100)).toBe(`${'a'.repeat(58)}…`);
  });
});

describe('shareTitle', () => {
  it("falls back to '{translation} verse' without a reference", () => {
    expect(shareTitle('John 3:16', 'KJV')).toBe('John 3:16');
    expect(shareTitle('  ', 'KJV')).toBe('KJV verse');
    expect(shareTitle(undefined, 'WEB')).toBe('WEB verse');
  });
});

describe('the public addresses of shared things', () => {
  it('puts each kind under its own path, its id made safe for a URL', () => {
    expect(sharedVersePath('abc123')).toBe('/shared/abc123');
    expect(verseVisualizationPath('v 1')).toBe('/verse-visualization/v%201');
    expect(chapterVisualizationPath('c/2')).toBe('/chapter-visualization/c%2F2');
    expect(shareImagePath('i?3')).toBe('/share/image/i%3F3');
  });

  it('labels each font style', () => {
    expect(FONT_STYLE_LABELS).toEqual({ classic: 'Classic', modern: 'Modern', elegant: 'Elegant', bold: 'Bold' });
  });
});
