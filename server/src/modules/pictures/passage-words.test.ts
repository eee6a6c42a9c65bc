import { describe, expect, it } from 'vitest';
import { kjvVerse } from '../../../test/kjv-text.ts';
import { sameWords } from './passage-words.ts';

const stored = kjvVerse('John 3:16');

describe('sameWords', () => {
  it('accepts the same words however they are spaced, quoted or cased', () => {
    expect(sameWords(`“${stored.replace(/[,.]/g, '')}”`, stored)).toBe(true);
    expect(sameWords(stored.toUpperCase().replace(/ /g, '   '), stored)).toBe(true);
  });

  it('refuses a changed, added or missing word', () => {
    expect(sameWords(stored.replace('loved', 'hated'), stored)).toBe(false);
    expect(sameWords(stored.replace('the world', 'the whole world'), stored)).toBe(false);
    expect(sameWords(stored.replace('begotten ', ''), stored)).toBe(false);
    expect(sameWords(`${stored} Amen`, stored)).toBe(false);
    expect(sameWords('', stored)).toBe(false);
  });

  it('lets the numbers of the selected verses stand between them, and no other number', () => {
    const [one, two] = [kjvVerse('Genesis 1:1'), kjvVerse('Genesis 1:2')];
    expect(sameWords(`1 ${one} 2 ${two}`, `${one} ${two}`, [1, 2])).toBe(true);
    expect(sameWords(`1 ${one} 7 ${two}`, `${one} ${two}`, [1, 2])).toBe(false);
  });

  it('compares letters of any script, accents included', () => {
    expect(sameWords('el camino, la verdad', 'El camino y la verdad'.replace(' y', ','))).toBe(true);
    expect(sameWords('Amo la canción', 'Amó la canción')).toBe(false);
  });
});
