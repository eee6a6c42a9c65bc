import type { SwordModule } from '../../scripture/sword/discover.ts';
import { joinNeighbours, osisToReference } from '../../scripture/topics/osis-references.ts';
import { TopicalIndex } from '../../scripture/topics/topical-index.ts';
import { CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import { installedSource, type SourceRoots } from './installed-source.ts';
import type { Topic } from './topics.ts';

const PER_TOPIC = 8;

/**
 * Nave's Topical Bible (public domain; Debian's sword-dict-naves) as a topic source for the AI: a
 * question's words that name one of its 5,322 topics ("enemies" → ENEMY, "gossip" → GOSSIP, "jealous"
 * → JEALOUSY) bring that topic's passages, the general ones first. Used where Selah's own everyday-word
 * topics (topics.ts) find nothing. Which topic a word names, and what its entry holds, are the topical
 * index's (scripture/topics/), as on the /topics pages and in search.
 */
export class NaveTopics {
  private readonly cache = new Map<string, Topic | null>();

  private constructor(
    readonly index: TopicalIndex,
    private readonly crossReferences: CrossReferences,
  ) {}

  static open(module: SwordModule, crossReferences = new CrossReferences()): NaveTopics {
    return new NaveTopics(TopicalIndex.open(module), crossReferences);
  }

  /** The topics the words name, the most specific (longest) word first. */
  match(words: readonly string[]): Topic[] {
    const found: Topic[] = [];
    for (const key of this.index.namedBy(words)) {
      const topic = this.topic(key);
      if (topic && !found.some((t) => t.name === topic.name)) found.push(topic);
    }
    return found;
  }

  private topic(key: string, depth = 0): Topic | undefined {
    if (this.cache.has(key)) return this.cache.get(key) ?? undefined;
    const entry = this.index.entry(key);
    // Nave's orders an entry by aspect, not by how much a passage says about the topic: the best-known
    // passages come first (see cross-references.ts), those under "General scriptures concerning …" counting double.
    const scored = (entry?.headings ?? []).flatMap((heading) => {
      const weight = heading.title.includes('General scriptures') ? 2 : 1;
      const lines = [heading, ...heading.items];
      return lines.flatMap((line) => {
        // The sub-heading, and the item's own words under it: what the answer says of why the passage is there.
        const said = [heading.title, line === heading ? '' : line.title].filter(Boolean).join(' — ');
        return joinNeighbours(line.references).flatMap((osis) => {
          const reference = osisToReference(osis);
          return reference ? [{ reference, said, score: weight * this.crossReferences.prominence(reference) }] : [];
        });
      });
    });
    const ranked = scored.sort((a, b) => b.score - a.score);
    const passages = [...new Set(ranked.map((p) => p.reference))].slice(0, PER_TOPIC);
    const lines = Object.fromEntries(passages.map((reference) => [reference, ranked.find((p) => p.reference === reference && p.said)?.said ?? '']));
    // An entry that only says "See CARE" stands for the one it points to.
    if (passages.length === 0 && depth === 0) {
      const see = entry?.headings.flatMap((h) => [...h.see, ...h.items.flatMap((i) => i.see)])[0];
      const linked = see ? this.index.linked(see.key) : undefined;
      const target = linked ? this.topic(linked, 1) : undefined;
      this.cache.set(key, target ?? null);
      return target;
    }
    const topic = passages.length > 0 ? { name: key.toLowerCase(), words: [key.toLowerCase()], passages, lines, source: key } : undefined;
    this.cache.set(key, topic ?? null);
    return topic;
  }
}

/** Nave's from the SWORD modules on this machine, when there (see installed-source.ts). */
export function naveTopics(config: SourceRoots, crossReferences: CrossReferences, log: { warn(message: string): void }): NaveTopics | undefined {
  return installedSource('Nave', config, log, (module) => NaveTopics.open(module, crossReferences), "uses Selah's own topics only");
}
