import { describe, expect, it } from 'vitest';
import { holdsUnsafeText, unsafeText } from './text.ts';

describe('the text rule', () => {
  it('accepts ordinary text, including characters outside the BMP', () => {
    for (const s of ['', 'In the beginning', 'אֱלֹהִים', 'Ἐν ἀρχῇ', '🙏 pray', 'tab\tand\nnewline']) expect(unsafeText(s)).toBe(false);
  });

  it('refuses U+0000 and lone surrogates anywhere in the text', () => {
    for (const s of ['\u0000', 'a\u0000b', 'end\u0000', '\uD800', 'a\uD83Db', '\uDC00x', 'x\uDE4F', '🙏\uD83D']) expect(unsafeText(s)).toBe(true);
  });
});

describe('the text rule over a whole request', () => {
  it('looks at every string, in arrays, objects and their keys', () => {
    expect(holdsUnsafeText({ notes: [{ content: 'fine', tags: ['a', 'b'] }], n: 3, ok: true, none: null })).toBe(false);
    expect(holdsUnsafeText({ notes: [{ content: 'a\u0000b' }] })).toBe(true);
    expect(holdsUnsafeText(['x', ['y', '\uD800']])).toBe(true);
    expect(holdsUnsafeText({ 'key\u0000': 'value' })).toBe(true);
    expect(holdsUnsafeText('\u0000')).toBe(true);
    expect(holdsUnsafeText(new Uint8Array([0, 0]))).toBe(false); // bytes are not text
  });

  it('stops at its depth bound', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 10; i++) deep = [deep];
    expect(holdsUnsafeText(deep, 20)).toBe(true);
    expect(holdsUnsafeText(deep, 5)).toBe(false);
  });
});
