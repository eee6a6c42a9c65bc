import { describe, expect, it } from 'vitest';

import { lzssDecompress } from './lzss.ts';

/** A back-reference: 12-bit ring position, length 3–18. */
function ref(position: number, length: number): number[] {
  return [position & 0xff, ((position >> 4) & 0xf0) | (length - 3)];
}

describe('lzssDecompress (SWORD LZSS)', () => {
  it('copies literals flagged 1 and references flagged 0, low bit first', () => {
    // Flags 0b0000_0111: three literals, then a reference to where "abc" was written (4078 = 4096 - 18).
    const data = Buffer.from([0b0000_0111, 0x61, 0x62, 0x63, ...ref(4078, 6)]);
    expect(lzssDecompress(data).toString('latin1')).toBe('abcabcabc');
  });

  it('starts from a ring of spaces, so a reference before any output yields spaces', () => {
    const data = Buffer.from([0b0000_0010, ...ref(0, 4), 0x78]);
    expect(lzssDecompress(data).toString('latin1')).toBe('    x');
  });

  it('reads flag bytes in groups of eight and wraps the 4 KiB ring', () => {
    // 5000 literals: ring positions wrap past 4095 back to 0; then refer to the last 5 written.
    const text = Array.from({ length: 5000 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i += 8) {
      const group = text.slice(i, i + 8);
      bytes.push(0xff >> (8 - group.length), ...Buffer.from(group, 'latin1'));
    }
    const end = (4078 + 5000) % 4096;
    bytes.push(0, ...ref(end - 5, 5));
    expect(lzssDecompress(Buffer.from(bytes)).toString('latin1')).toBe(text + text.slice(-5));
  });

  it('stops at the end of the input, as SWORD does, when a reference is cut short', () => {
    expect(lzssDecompress(Buffer.from([0b0000_0001, 0x61, 0x01])).toString('latin1')).toBe('a');
    expect(lzssDecompress(Buffer.alloc(0))).toHaveLength(0);
  });
});
