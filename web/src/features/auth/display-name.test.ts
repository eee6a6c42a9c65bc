import { describe, expect, it } from 'vitest';
import { ADJECTIVES, NOUNS, suggestDisplayName } from './display-name.ts';

describe('suggested display names (spec §5)', () => {
  it('are an adjective, a noun and a number from 1000 to 9999, from 18 × 18 words', () => {
    expect(ADJECTIVES).toHaveLength(18);
    expect(NOUNS).toHaveLength(18);
    expect(new Set([...ADJECTIVES, ...NOUNS]).size).toBe(36);
    for (let i = 0; i < 200; i++) {
      const [adjective, noun, number] = suggestDisplayName().split(' ');
      expect(ADJECTIVES).toContain(adjective);
      expect(NOUNS).toContain(noun);
      expect(Number(number)).toBeGreaterThanOrEqual(1000);
      expect(Number(number)).toBeLessThanOrEqual(9999);
    }
    expect(suggestDisplayName(() => 0)).toBe('Faithful Pilgrim 1000');
    expect(suggestDisplayName(() => 0.9999)).toBe('Earnest Scribe 9999');
  });
});
