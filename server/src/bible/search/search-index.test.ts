import { describe, expect, it } from 'vitest';
import { top } from './search-index.ts';

const hits = (...pairs: [doc: number, score: number][]) => pairs.map(([doc, score]) => ({ doc, score }));

describe('the best hits of a search', () => {
  it('puts the highest scores first and keeps reading order (doc order) among equal scores', () => {
    const all = hits([5, 1], [1, 3], [9, 2], [2, 3], [7, 1], [3, 2]);
    expect(top([...all], 10).map((h) => h.doc)).toEqual([1, 2, 3, 9, 5, 7]);
  });

  it('keeps only the best when there are more hits than wanted, in the same order as a full sort', () => {
    const many = Array.from({ length: 500 }, (_, doc) => ({ doc, score: (doc * 7919) % 13 }));
    const sorted = [...many].sort((a, b) => b.score - a.score || a.doc - b.doc);
    expect(top([...many], 25)).toEqual(sorted.slice(0, 25));
    expect(top([...many].reverse(), 25)).toEqual(sorted.slice(0, 25));
  });
});
