import { describe, expect, it } from 'vitest';
import { highlightInChapter, noteApplies, noteTitle, stripQuotes } from './rules.ts';

describe('spec §5 rules for highlights and notes', () => {
  it('puts a highlight in a chapter only when its reference is exactly "{book} {chapter}:{verse}"', () => {
    expect(highlightInChapter('Psalms 23:1', 'Psalms', 23)).toBe(true);
    expect(highlightInChapter('Psalms 23:1', 'Psalms', 2)).toBe(false);
    expect(highlightInChapter('Psalms 2:1', 'Psalms', 23)).toBe(false);
    expect(highlightInChapter('1 John 3:16', 'John', 3)).toBe(false);
    expect(highlightInChapter('John 3:16', '1 John', 3)).toBe(false);
    expect(highlightInChapter('John 3', 'John', 3)).toBe(false);
    expect(highlightInChapter('John 3:16-18', 'John', 3)).toBe(false);
    expect(highlightInChapter('John 3:x', 'John', 3)).toBe(false);
    expect(highlightInChapter('Song of Solomon 2:1', 'Song of Solomon', 2)).toBe(true);
    expect(highlightInChapter('John.3:16', 'John.', 3)).toBe(false); // the book name is text, not a pattern
  });

  it('applies a note when the reference matches, or the part before the colon does', () => {
    expect(noteApplies('John 3:16', 'John 3:16')).toBe(true);
    expect(noteApplies('John 3', 'John 3:16')).toBe(true);
    expect(noteApplies('John 3:17', 'John 3:16')).toBe(true);
    expect(noteApplies('John 3:16', 'John 3')).toBe(true);
    expect(noteApplies('John 31:5', 'John 3')).toBe(false);
    expect(noteApplies('John 3:5', 'John 31')).toBe(false);
    expect(noteApplies('Psalms 23:1', 'Psalms 2')).toBe(false);
    expect(noteApplies('1 John 3:1', 'John 3')).toBe(false);
    expect(noteApplies('John 4:1', 'John 3:16')).toBe(false);
  });

  it('titles notes "{Type} for {reference}" and strips quotes from highlighted text', () => {
    expect(noteTitle('understand', 'John 3:16')).toBe('Understand for John 3:16');
    expect(noteTitle('quote', 'Psalms 23')).toBe('Quote for Psalm 23');
    expect(noteTitle('quote', 'Psalms 23:1-2')).toBe('Quote for Psalm 23:1–2');
    expect(stripQuotes(`“For God” so 'loved' the "world"’‘`)).toBe('For God so loved the world');
  });
});
