import { describe, expect, it } from 'vitest';
import { parseReference } from '../scripture/reference.ts';
import { SCRIPTURE_PRAYERS } from './scripture-prayers.ts';

describe('Scripture’s own prayers', () => {
  it('has at least 60, each a distinct passage the reference parser reads', () => {
    expect(SCRIPTURE_PRAYERS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(SCRIPTURE_PRAYERS.map((p) => p.reference)).size).toBe(SCRIPTURE_PRAYERS.length);
    expect(new Set(SCRIPTURE_PRAYERS.map((p) => p.title)).size).toBe(SCRIPTURE_PRAYERS.length);
    for (const p of SCRIPTURE_PRAYERS) {
      expect(parseReference(p.reference), p.reference).toMatchObject({ chapter: expect.any(Number) });
      // A title a person reads above the prayer: words, not an empty line.
      expect(p.title, p.reference).toMatch(/^[A-Z’][\p{L}’,. ]{4,}$/u);
    }
  });
});
