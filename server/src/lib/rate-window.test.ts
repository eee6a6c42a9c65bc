import { describe, expect, it } from 'vitest';
import { TooMany } from './errors.ts';
import { RateWindow } from './rate-window.ts';

describe('RateWindow', () => {
  it('allows `limit` uses per key in the window, counts each use against every key, and says when to come back', () => {
    let now = 0;
    const window = new RateWindow(2, 1000, () => now);
    const message = (s: number) => `wait ${s}`;
    window.take(['a', 'u'], message);
    now = 400;
    window.take(['b', 'u'], message);
    now = 500;
    // 'u' is spent (two uses), though 'c' is new; nothing is counted for a refused use.
    expect(() => window.take(['c', 'u'], message)).toThrow(TooMany);
    expect(() => window.take(['c', 'u'], message)).toThrow('wait 0.5');
    window.take(['c'], message);
    now = 1001; // the first use has left the window
    window.take(['d', 'u'], message);
    expect(() => window.take(['e', 'u'], message)).toThrow('wait 0.399');
  });
});
