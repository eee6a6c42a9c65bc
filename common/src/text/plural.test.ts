import { describe, expect, it } from 'vitest';
import { countOf, en, pluralForm } from './plural.ts';

describe('countOf', () => {
  it('agrees with the number in English', () => {
    expect(countOf(1, en('highlight'))).toBe('1 highlight');
    expect(countOf(0, en('highlight'))).toBe('0 highlights');
    expect(countOf(2, en('shared verse'))).toBe('2 shared verses');
    expect(countOf(1234, en('note'))).toBe('1,234 notes');
    expect(countOf(3, en('study day'))).toBe('3 study days');
  });

  it('spells out irregular plurals', () => {
    expect(countOf(2, en('match', 'matches'))).toBe('2 matches');
    expect(countOf(1, en('match', 'matches'))).toBe('1 match');
  });

  it("uses a language's own categories, and `other` where a form is not given", () => {
    const polish = { one: 'werset', few: 'wersety', many: 'wersetów', other: 'wersetu' };
    expect([1, 2, 5, 22, 1.5].map((n) => countOf(n, polish, 'pl'))).toEqual(['1 werset', '2 wersety', '5 wersetów', '22 wersety', '1,5 wersetu']);
    expect(pluralForm(5, { other: 'x' }, 'pl')).toBe('x');
  });
});
