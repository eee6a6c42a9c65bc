import { describe, expect, it } from 'vitest';
import { queuedText } from './queue-text.ts';

describe('a question waiting for the AI model', () => {
  it('hears its place in line as an ordinal, the first as next', () => {
    const cases: [number, string][] = [
      [1, 'You are next in line for the AI model…'],
      [2, 'You are 2nd in line for the AI model…'],
      [3, 'You are 3rd in line for the AI model…'],
      [4, 'You are 4th in line for the AI model…'],
      [11, 'You are 11th in line for the AI model…'],
      [12, 'You are 12th in line for the AI model…'],
      [21, 'You are 21st in line for the AI model…'],
      [1002, 'You are 1,002nd in line for the AI model…'],
    ];
    for (const [place, text] of cases) expect(queuedText(place)).toBe(text);
  });
});
