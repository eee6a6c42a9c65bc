/**
 * SWORD's LZSS (CompressType=LZSS, the default when a zText, zCom or zLD .conf names none): Okumura's
 * scheme with a 4 KiB ring that starts as spaces, writing from position 4078 (ring size minus the
 * longest match, 18). A flag byte governs the next eight items, lowest bit first: 1 = one literal
 * byte; 0 = two bytes holding a 12-bit ring position (low byte, then the high nibble of the second
 * byte) and a length of 3–18 (low nibble + 3). Input simply ends: no header, no end marker, and an
 * item cut short is dropped, as SWORD's decoder does.
 */
const RING = 4096;
const LONGEST = 18;
const SHORTEST = 3;

export function lzssDecompress(input: Uint8Array): Buffer {
  const ring = new Uint8Array(RING).fill(0x20, 0, RING - LONGEST);
  // A first guess at the inflated size; it grows when the text compresses better.
  let out = Buffer.allocUnsafe(Math.max(64, input.length * 4));
  let length = 0;
  const emit = (byte: number): void => {
    if (length === out.length) {
      const bigger = Buffer.allocUnsafe(out.length * 2);
      out.copy(bigger, 0, 0, length);
      out = bigger;
    }
    out[length++] = byte;
  };

  let r = RING - LONGEST;
  let at = 0;
  items: while (at < input.length) {
    const flags = input[at++]!;
    for (let bit = 0; bit < 8 && at < input.length; bit++) {
      if (flags & (1 << bit)) {
        const byte = input[at++]!;
        emit(byte);
        ring[r] = byte;
        r = (r + 1) & (RING - 1);
      } else {
        if (at + 2 > input.length) break items;
        const low = input[at]!;
        const high = input[at + 1]!;
        at += 2;
        const position = low | ((high & 0xf0) << 4);
        const count = (high & 0x0f) + SHORTEST;
        // Byte by byte: a match may overlap the bytes it is writing ("abab…" from "ab").
        for (let k = 0; k < count; k++) {
          const byte = ring[(position + k) & (RING - 1)]!;
          emit(byte);
          ring[r] = byte;
          r = (r + 1) & (RING - 1);
        }
      }
    }
  }
  // A copy of the exact size: blocks are cached, and the spare room would stay with them.
  return Buffer.from(out.subarray(0, length));
}
