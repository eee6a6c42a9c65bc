import type { AnswerRequest, Passage, PassageGround, Retrieval } from './answer-engine.ts';

/**
 * The embedded engine's answer to a question about a topic or a life situation (issue 31 §1): a sentence
 * that frames it, then the passages grouped by the source that found them (Selah's topic, a Nave's entry,
 * the verses naming a person), each with one line saying why it is there, in that source's words. Nothing
 * here is invented: the groups and the lines are the sources' own.
 *
 * Undefined when the retrieval says nothing of where its passages came from (a question about a passage).
 */
export function topicalAnswer(request: AnswerRequest, found: Retrieval, quote: (text: string) => string): string[] | undefined {
  const grounds = found.grounds ?? [];
  if (request.brief || request.reference || grounds.length === 0 || found.passages.length === 0) return undefined;
  const groups = new Map<string, { passage: Passage; ground?: PassageGround }[]>();
  for (const passage of found.passages) {
    const ground = grounds.find((g) => g.reference === passage.reference);
    const group = ground?.group ?? 'More passages';
    groups.set(group, [...(groups.get(group) ?? []), { passage, ...(ground ? { ground } : {}) }]);
  }
  const lines = [frame(found, [...groups.keys()])];
  for (const [group, members] of groups) {
    lines.push(`### ${group[0]!.toUpperCase()}${group.slice(1)}`);
    // Who gave a group's reasons, or the one reason all its passages share, is said once under its
    // heading, not after each of them.
    const sharedBy = (of: (ground?: PassageGround) => string | undefined) => {
      const all = new Set(members.map(({ ground }) => of(ground)));
      return all.size === 1 ? [...all][0] : undefined;
    };
    const source = sharedBy((g) => g?.source);
    const shared = source ? undefined : sharedBy((g) => g?.why);
    if (source ?? shared) lines.push(`_${singleQuoted((source ?? shared)!)}_`);
    for (const { passage, ground } of members) {
      const why = ground && !shared ? `  \n_${singleQuoted(ground.why)}_` : '';
      lines.push(`**${passage.reference}** — “${quote(passage.text)}”${why}`);
    }
  }
  return lines;
}

function frame(found: Retrieval, groups: readonly string[]): string {
  const topics = found.topics.filter((t) => found.grounds?.some((g) => g.topic === t));
  if (topics.length === 0) return 'These are the passages that speak to your question, grouped by how they were found, each with the reason it is here:';
  const named = topics.length > 1 ? `${topics.slice(0, -1).join(', ')} and ${topics.at(-1)}` : topics[0];
  if (groups.length === 1) return `Here is what Scripture says about ${named}, each passage with the reason it is here:`;
  return `Scripture speaks to ${named} in more than one way. The passages below are grouped by what they say, each with the reason it is here:`;
}

/** Single quotes in a why-line: a double-quoted phrase beside the next reference would be taken for a quotation of it. */
function singleQuoted(line: string): string {
  return line.replace(/[“”]/g, (c) => (c === '“' ? '‘' : '’'));
}
