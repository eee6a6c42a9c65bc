import { describe, expect, it } from 'vitest';
import { debianSwordModule } from '../../scripture/importers/testing.ts';
import { NaveTopics, naveTopics } from './nave-topics.ts';
import { CrossReferences } from '../../scripture/cross-references/cross-references.ts';

const nave = debianSwordModule('Nave');

describe('how well known a verse is, by the cross-references pointing to it', () => {
  it('ranks the verses people are sent to above the ones they are not', () => {
    const x = new CrossReferences();
    expect(x.prominence('Matthew 5:44')).toBeGreaterThan(x.prominence('Exodus 23:5'));
    expect(x.prominence('John 3:16')).toBeGreaterThan(50);
    // A passage counts as its best-known verse.
    expect(x.prominence('Matthew 5:43-44')).toBe(x.prominence('Matthew 5:44'));
    expect(x.prominence('not a reference')).toBe(0);
  });

  it('lists the passages a verse points to, the best known first', () => {
    const x = new CrossReferences();
    const related = x.related('John 3:16', 4);
    expect(related).toHaveLength(4);
    // Those that point back to John 3:16 come first (Revelation 1:5 does not, though better known).
    expect(related).toContain('John 1:14');
    expect(related).not.toContain('Revelation 1:5');
    const scores = related.map((r) => x.prominence(r));
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(x.related('John 3', 4)).toEqual([]);
  });
});

describe.skipIf(!nave)('Nave’s Topical Bible as the AI’s second topic source (needs Debian sword-dict-naves)', () => {
  const topics = () => NaveTopics.open(nave!);

  it('finds the topic a word names, in its plural or its other forms, best-known passages first', () => {
    const [enemy] = topics().match(['enemies']);
    expect(enemy!.name).toBe('enemy');
    // Nave's lists Exodus 23:5 first; the passage people know best on it leads here.
    expect(enemy!.passages[0]).toBe('Matthew 5:43-48');
    expect(enemy!.passages).toContain('Romans 12:20');
    expect(enemy!.passages.length).toBeLessThanOrEqual(8);
    expect(topics().match(['tithe'])[0]!.name).toBe('tithes');
    expect(topics().match(['fast'])[0]!.name).toBe('fasting');
    expect(topics().match(['jealous'])[0]!.name).toBe('jealousy');
    expect(topics().match(['tithing'])[0]!.name).toBe('tithes');
  });

  it('follows an entry that only points to another ("ANXIETY: see CARE")', () => {
    const [care] = topics().match(['anxiety']);
    expect(care!.name).toBe('care');
    expect(care!.passages.length).toBeGreaterThan(0);
  });

  it('ignores short and general words, and a word that only starts a topic’s name', () => {
    expect(topics().match(['help', 'know', 'the', 'christians'])).toEqual([]);
    // "treat" is not TREATY.
    expect(topics().match(['treat'])).toEqual([]);
  });

  it('is found on the machine only when SWORD discovery is on', () => {
    const log = { warn: () => {} };
    expect(naveTopics({ swordDiscovery: false, swordPaths: [], dataDir: '/nonexistent' }, new CrossReferences(), log)).toBeUndefined();
    expect(naveTopics({ swordDiscovery: true, swordPaths: [], dataDir: '/nonexistent' }, new CrossReferences(), log)).toBeInstanceOf(NaveTopics);
  });
});
