import { describe, expect, it } from 'vitest';
import { unsafeText } from './text.ts';

describe('the text rule', () => {
  it('accepts ordinary text, including characters outside the BMP', () => {
    for (const s of ['', 'In the beginning', 'אֱלֹהִים', 'Ἐν ἀρχῇ', '🙏 pray', 'tab\tand\nnewline']) expect(unsafeText(s)).toBe(false);
  });

  it('refuses U+0000 and lone surrogates anywhere in the text', () => {
    for (const s of ['\u0000', 'a\u0000b', 'end\u0000', '\uD800', 'a\uD83Db', '\uDC00x', 'x\uDE4F', '🙏\uD83D']) expect(unsafeText(s)).toBe(true);
  });
});
