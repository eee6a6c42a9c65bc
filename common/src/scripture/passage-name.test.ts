import { describe, expect, it } from 'vitest';
import { passageName } from './passage-name.ts';

describe('passageName: the one name a passage is shown by', () => {
  it('calls one psalm "Psalm", whether a whole psalm or verses of it', () => {
    expect(passageName('Psalms 23')).toBe('Psalm 23');
    expect(passageName('Psalms 23:1')).toBe('Psalm 23:1');
    expect(passageName('Psalms 23:1-3')).toBe('Psalm 23:1–3');
    expect(passageName('Psalms 119:1-8, 10')).toBe('Psalm 119:1–8, 10');
  });

  it('keeps "Psalms" for the book and for a passage across psalms', () => {
    expect(passageName('Psalms')).toBe('Psalms');
    expect(passageName('Psalms 23-24')).toBe('Psalms 23–24');
    expect(passageName('Psalms 22:31-23:2')).toBe('Psalms 22:31–23:2');
  });

  it('writes ranges with an en dash and leaves other books as they are', () => {
    expect(passageName('John 3:16-18')).toBe('John 3:16–18');
    expect(passageName('John 3')).toBe('John 3');
    expect(passageName('1 Corinthians 13:4-7')).toBe('1 Corinthians 13:4–7');
    expect(passageName('Psalm 151 1:1')).toBe('Psalm 151 1:1');
    expect(passageName('Proverbs 3:5')).toBe('Proverbs 3:5');
  });

  it('names the same passage the same way from its parts', () => {
    expect(passageName({ book: 'Psalms', chapter: 23 })).toBe('Psalm 23');
    expect(passageName({ book: 'Psalms', chapter: 23, verses: [3, 1, 2] })).toBe('Psalm 23:1–3');
    expect(passageName({ book: 'John', chapter: 3, verses: [16, 17, 18, 20] })).toBe('John 3:16–18, 20');
    expect(passageName({ book: 'Psalms', chapter: 23, verses: [1] })).toBe(passageName('Psalms 23:1'));
  });

  it('reads the ways people write a reference: spaces around a dash, an en dash, lists, long numbers', () => {
    expect(passageName('  Psalms 23  ')).toBe('Psalm 23');
    expect(passageName('John 3:16 - 18')).toBe('John 3:16–18');
    expect(passageName('Psalms 23:1 – 3')).toBe('Psalm 23:1–3');
    expect(passageName('Psalms 119:105')).toBe('Psalm 119:105');
    expect(passageName('Psalms 23:1-12')).toBe('Psalm 23:1–12');
    expect(passageName('Psalms 119:1-8,10')).toBe('Psalm 119:1–8,10');
    expect(passageName('Psalms 119:1-8, 10-12, 105')).toBe('Psalm 119:1–8, 10–12, 105');
    expect(passageName('Psalms 23:1-3, 5 - 6')).toBe('Psalm 23:1–3, 5–6');
    // Not one psalm: a chapter range, a trailing word, a second reference.
    expect(passageName('Psalms 23:1-24:2')).toBe('Psalms 23:1–24:2');
    expect(passageName('Psalms 23 KJV')).toBe('Psalms 23 KJV');
    expect(passageName('Read Psalms 23')).toBe('Read Psalms 23');
    expect(passageName('Psalms 23; John 3')).toBe('Psalms 23; John 3');
    expect(passageName('Psalms 23:')).toBe('Psalms 23:');
    expect(passageName('Psalms 23:1,')).toBe('Psalms 23:1,');
  });

  it('names a passage with an empty list of verses as the whole chapter', () => {
    expect(passageName({ book: 'John', chapter: 3, verses: [] })).toBe('John 3');
    expect(passageName({ book: 'John', chapter: 3, verses: [5] })).toBe('John 3:5');
  });

  it('names a passage in English whichever translation it is read in (one name everywhere)', () => {
    // The translation's own name ("Juan") is a hint in the book picker, never the passage's name.
    expect(passageName({ book: 'John', chapter: 3 })).toBe('John 3');
  });
});
