import type { CheckedReference } from '#common/contracts/ai.ts';
import type { AnswerRequest, Retrieval } from './answer-engine.ts';

/** One turn of a conversation with a model, after its instructions. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** Writes one reply of a model to its instructions (`system`) and the turns so far. */
export type Complete = (system: string, turns: ChatTurn[]) => Promise<string>;

/**
 * The answer a language model writes, local or remote, from the passages retrieval found: a first draft;
 * when it cites a reference that is not in Scripture, or misquotes one, the model is asked once to
 * correct itself. Whatever is still wrong is marked by the orchestration's verify step.
 */
export async function writeAndCorrect(request: AnswerRequest, found: Retrieval, complete: Complete): Promise<string> {
  const system = instructions(request);
  const turns: ChatTurn[] = [{ role: 'user', content: prompt(request, found) }];
  const first = await complete(system, turns);
  const wrong = (await request.check(first)).filter((r) => r.status !== 'verified');
  if (wrong.length === 0) return first;
  turns.push({ role: 'assistant', content: first }, { role: 'user', content: correction(wrong) });
  return complete(system, turns);
}

function correction(wrong: readonly CheckedReference[]): string {
  return `These references in your answer are not right:\n${wrong.map((r) => `- ${r.written}: ${r.problem}`).join('\n')}\nRewrite the answer with each one corrected or removed. Quote only the exact text of the passages given.`;
}

export function instructions(request: AnswerRequest): string {
  return [
    'You are the Bible study assistant of Selah, a Bible reading app.',
    'Answer from Scripture, plainly and warmly, for someone reading the Bible.',
    `Quote only from the passages given, exactly as given (${request.translation}), and cite every passage you use as "Book Chapter:Verse", for example John 3:16.`,
    'Never invent a verse, a quotation or a reference. If the Bible does not say something, say so plainly.',
    request.brief ? 'Answer in 2-3 sentences.' : 'Keep the answer short: a few paragraphs at most.',
    'Write Markdown (bold, italics, lists, links); never HTML.',
  ].join('\n');
}

export function prompt(request: AnswerRequest, found: Retrieval): string {
  const parts = [`Passages from the ${request.translation}:\n${found.passages.map((p) => `${p.reference}: ${p.text}`).join('\n') || '(none found)'}`];
  if (found.corrections.length) parts.push(`Say plainly in the answer:\n${found.corrections.map((c) => `- ${c.replace(/~~/g, '')}`).join('\n')}`);
  if (found.asksToInvent) parts.push('The person asked for a made-up verse: do not write one; offer real passages.');
  const keyWords = found.study?.keyWords ?? [];
  if (keyWords.length) {
    parts.push(
      `What the passage's key words mean, from the lexicon (explain from these):\n${keyWords.map((k) => `- ${k.english}: ${[k.word, k.transliteration, k.number].filter(Boolean).join(', ')}: ${k.meaning} (${k.lexicon}, ${k.licence})`).join('\n')}`,
    );
  }
  const notes = found.study?.commentaries.length ? found.study.commentaries : found.commentary ? [{ ...found.commentary, licence: 'public domain' }] : [];
  for (const note of notes) parts.push(`From ${note.source} (${note.licence}), on ${note.on}:\n${note.excerpt}`);
  if (request.reference) parts.push(`The question is about ${request.reference}.`);
  if (request.context) parts.push(`What the person is looking at:\n${request.context}`);
  parts.push(`Question: ${request.question}`);
  return parts.join('\n\n');
}
