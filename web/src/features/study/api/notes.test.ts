import { describe, expect, it } from 'vitest';
import { notedVerses, quoteNoteContent } from './notes.ts';

describe('notes in the reader', () => {
  it('marks the verses notes were written on, not chapter notes or other chapters', () => {
    const refs = ['John 3:16', 'John 3:1-3, 20', 'John 3', 'John 31:5', '1 John 3:9', 'John 3:x'].map((reference) => ({ reference }));
    expect([...notedVerses(refs, 'John 3')].sort((a, b) => a - b)).toEqual([1, 2, 3, 16, 20]);
  });

  it('writes a quote note as the quoted verse in quotes, a blank line, then the reflection (spec §3)', () => {
    expect(quoteNoteContent(' For God so loved the world ', ' Everything. ')).toBe('"For God so loved the world"\n\nEverything.');
  });
});
