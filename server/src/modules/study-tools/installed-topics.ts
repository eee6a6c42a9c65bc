import type { TopicSummary } from '#common/contracts/study-tools.ts';
import { isTopicalIndex, TopicalIndex, topicTitle } from '../../scripture/topics/topical-index.ts';
import type { TopicalEntry } from '../../scripture/topics/topical-entry.ts';
import { StudyModules, type StudyModuleRoots } from './installed-modules.ts';

/**
 * The topical indexes installed where this process reads SWORD modules (zLD modules `isTopicalIndex`
 * takes: Nave's, Torrey's), found as the commentaries are, so an install or removal shows without a
 * restart. Their topics are merged by name (case aside): a name two modules share is the first module's, in module-name order.
 */
export class InstalledTopics extends StudyModules<TopicalIndex> {
  private merged?: { from: TopicalIndex[]; topics: TopicSummary[]; byUpper: Map<string, TopicSummary> };

  constructor(roots: StudyModuleRoots, log: { warn(message: string): void }, now = () => Date.now()) {
    super(roots, { what: 'Topical index', wanted: (m) => /^zld$/i.test(m.driver) && isTopicalIndex(m.conf), open: (m) => TopicalIndex.open(m) }, log, now);
  }

  /** Every topic of every installed index, in module order then each module's order. */
  all(): TopicSummary[] {
    return this.mergedTopics().topics;
  }

  private mergedTopics() {
    const indexes = this.modules.list();
    if (this.merged?.from !== indexes) {
      const byUpper = new Map<string, TopicSummary>();
      for (const index of indexes)
        for (const name of index.names()) {
          const upper = name.toUpperCase();
          if (!byUpper.has(upper)) byUpper.set(upper, { name, title: topicTitle(name), module: index.module.name });
        }
      this.merged = { from: indexes, topics: [...byUpper.values()], byUpper };
    }
    return this.merged;
  }

  /** The installed index holding the topic (the first, in module-name order) and its entry. */
  find(name: string): { index: TopicalIndex; name: string; entry: TopicalEntry } | undefined {
    for (const index of this.modules.list()) {
      try {
        const key = index.nameOf(name);
        const entry = key ? index.entry(key) : undefined;
        if (key && entry) return { index, name: key, entry };
      } catch (error) {
        this.log.warn(`Topical index ${index.module.name} could not be read at ${name}: ${(error as Error).message}`);
      }
    }
    return undefined;
  }

  /** The topic a "See …" link names, looked for in the module the link is in first. */
  linked(from: TopicalIndex, key: string): TopicSummary | undefined {
    for (const index of [from, ...this.modules.list().filter((i) => i !== from)]) {
      const name = index.linked(key);
      if (name) return this.summary(name);
    }
    return undefined;
  }

  /** The topics a search's words name, the most specific word first, each once. */
  namedBy(words: readonly string[]): TopicSummary[] {
    const found: TopicSummary[] = [];
    for (const index of this.modules.list())
      for (const name of index.namedBy(words)) {
        const topic = this.summary(name);
        if (topic && !found.some((t) => t.name === topic.name)) found.push(topic);
      }
    return found;
  }

  /** The words a word's topic only points to, in any installed index ("anxiety" → "care"; see `TopicalIndex.synonymsOf`). */
  synonymsOf(term: string): string[] {
    const words = new Set<string>();
    for (const index of this.modules.list()) {
      try {
        for (const word of index.synonymsOf(term)) words.add(word);
      } catch (error) {
        this.log.warn(`Topical index ${index.module.name} could not be read at ${term}: ${(error as Error).message}`);
      }
    }
    return [...words];
  }

  /** The topic of that name (case aside), when an installed index has it. */
  summary(name: string): TopicSummary | undefined {
    return this.mergedTopics().byUpper.get(name.trim().toUpperCase());
  }
}
