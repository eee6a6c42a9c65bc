import { describe, expect, it } from 'vitest';
import { LONG_SHARE_TEXT, SHORT_SHARE_TEXT, shareText, shareTitle } from './rules.ts';

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
});

describe('shareTitle', () => {
  it("falls back to '{translation} verse' without a reference", () => {
    expect(shareTitle('John 3:16', 'KJV')).toBe('John 3:16');
    expect(shareTitle('  ', 'KJV')).toBe('KJV verse');
    expect(shareTitle(undefined, 'WEB')).toBe('WEB verse');
  });
});
