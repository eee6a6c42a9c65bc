import type { AnswerEngine, AnswerRequest, EngineAnswer, Retrieval } from './answer-engine.ts';
import { topicalAnswer } from './topical-answer.ts';
import { passageAnswer, sourcesLine } from './passage-answer.ts';

const QUOTED_VERSES_WORDS = 60;

/**
 * The embedded engine: no model, no network. It answers with the passages retrieval found, each quoted
 * from the store with its reference, and says plainly that this is Scripture search, not reasoning.
 */
export class ScriptureEngine implements AnswerEngine {
  async answer(request: AnswerRequest, framing: Retrieval): Promise<EngineAnswer> {
    const lines: string[] = [];
    if (framing.asksToInvent) lines.push('Selah does not write new verses: it only quotes Scripture as it is. Here are real passages instead.');
    lines.push(...framing.corrections);
    const shown = request.brief ? framing.passages.slice(0, 2) : framing.passages;
    if (framing.study && !request.brief) {
      lines.push(...passageAnswer(framing.study, excerpt));
      return { text: lines.join('\n\n'), engine: 'scripture-search', sources: sourcesLine(framing.study) };
    }
    if (shown.length === 0) {
      lines.push('No passage in this translation speaks to that directly. Try other words, or search the Bible for a name or a phrase.');
    } else {
      const topical = topicalAnswer(request, framing, excerpt);
      if (topical) lines.push(...topical);
      else {
        lines.push(framing.closest ? 'Selah found no passage that speaks to this directly. The closest by their words:' : lead(request, framing.topics));
        for (const p of shown) lines.push(`**${p.reference}** — “${excerpt(p.text)}”`);
      }
    }
    if (framing.commentary && !request.brief) {
      const note = framing.commentary;
      lines.push(`From ${note.source} (public domain), on ${note.on}:`, `> ${note.excerpt}`);
    }
    return {
      text: lines.join('\n\n'),
      engine: 'scripture-search',
      sources: sourcesLine(undefined, framing.commentary?.source, 'From', topicalIndexes(framing)),
    };
  }
}

/** The topical indexes whose passages an answer shows. */
function topicalIndexes(found: Retrieval): string[] {
  return [...new Set((found.grounds ?? []).flatMap((g) => (g.index && found.passages.some((p) => p.reference === g.reference) ? [g.index] : [])))];
}

function lead(request: AnswerRequest, topics: readonly string[]): string {
  if (request.reference && !topics.length) return `Here is ${request.reference}, with passages that speak to your question:`;
  return topics.length ? `Here is what Scripture says about ${topics[0]}:` : 'Here are the passages that speak to your question:';
}

/**
 * A passage's opening words, ending with … when it goes on (the reference check allows for that).
 * Its own quotation marks become single ones inside the answer's double ones.
 */
function excerpt(passage: string): string {
  const text = passage.replace(/“/g, '‘').replace(/”/g, '’').replace(/"/g, "'");
  const words = text.split(/\s+/);
  if (words.length <= QUOTED_VERSES_WORDS) return text;
  return `${words
    .slice(0, QUOTED_VERSES_WORDS)
    .join(' ')
    .replace(/[,;:.]$/, '')} …`;
}
