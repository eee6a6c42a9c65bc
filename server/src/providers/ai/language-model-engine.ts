import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, streamText, type ModelMessage } from 'ai';
import { Upstream } from '../../lib/errors.ts';
import { sourcesLine } from './passage-answer.ts';
import type { AnswerEngine, AnswerLive, AnswerRequest, EngineAnswer, Retrieval } from './answer-engine.ts';

export interface LanguageModelSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/**
 * Any OpenAI-compatible chat model (OpenAI, Ollama, LM Studio, vLLM, llama.cpp, OpenRouter) through
 * the AI SDK, streamed. Retrieval-augmented: the passages found in the store go into the prompt with
 * their text. When the answer cites a reference that is not in Scripture, or misquotes one, the model is
 * asked once to correct itself; whatever is still wrong is marked by the orchestration's verify step.
 */
export class LanguageModelEngine implements AnswerEngine {
  private readonly provider;

  constructor(private readonly settings: LanguageModelSettings) {
    this.provider = createOpenAICompatible({ name: 'selah-ai', baseURL: settings.baseUrl, apiKey: settings.apiKey, includeUsage: true });
  }

  async answer(request: AnswerRequest, found: Retrieval, live: AnswerLive = {}): Promise<EngineAnswer> {
    const system = instructions(request);
    const messages: ModelMessage[] = [{ role: 'user', content: prompt(request, found) }];
    const first = await this.complete(system, messages, live);
    const wrong = (await request.check(first)).filter((r) => r.status !== 'verified');
    const sources = sourcesLine(found.study, found.commentary?.source, 'Written by a language model from');
    if (wrong.length === 0) return { text: first, engine: 'language-model', sources };
    messages.push(
      { role: 'assistant', content: first },
      {
        role: 'user',
        content: `These references in your answer are not right:\n${wrong.map((r) => `- ${r.written}: ${r.problem}`).join('\n')}\nRewrite the answer with each one corrected or removed. Quote only the exact text of the passages given.`,
      },
    );
    return { text: await this.complete(system, messages, live), engine: 'language-model', sources };
  }

  async suggestPassages(query: string, translation: string): Promise<string> {
    const system = [
      'You suggest Bible passages for a search in Selah, a Bible reading app.',
      `Reply with at most 6 references that speak to the search, best first, one per line, as "Book Chapter:Verse" or "Book Chapter:Verse-Verse" (${translation} versification).`,
      'Nothing else: no quotations, no explanations. Never invent a reference.',
    ].join('\n');
    return this.complete(system, [{ role: 'user', content: `Search: ${query}` }], {});
  }

  private async complete(system: string, messages: ModelMessage[], live: AnswerLive): Promise<string> {
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    const abort = live.signal ? AbortSignal.any([timeout, live.signal]) : timeout;
    let failure: unknown;
    try {
      const result = streamText({
        model: this.provider.chatModel(this.settings.model),
        system,
        messages,
        abortSignal: abort,
        maxRetries: 0,
        onError: ({ error }) => {
          failure = error;
        },
      });
      let text = '';
      for await (const part of result.textStream) {
        text += part;
        live.onDraft?.(text);
      }
      if (failure) throw failure;
      if (!text.trim()) throw new Upstream('The AI service sent an empty answer. Please try again.');
      return text.trim();
    } catch (error) {
      // An aborted stream may simply end, empty: the time-out is the reason then.
      if (live.signal?.aborted) throw new Upstream('Stopped.');
      if (timeout.aborted) throw new Upstream('The AI service took too long to answer. Please try again.', true);
      if (error instanceof Upstream) throw error;
      const status = APICallError.isInstance(error) ? error.statusCode : undefined;
      throw new Upstream(`The AI service could not answer${status ? ` (it replied ${status})` : ''}. Please try again later.`);
    }
  }
}

function instructions(request: AnswerRequest): string {
  return [
    'You are the Bible study assistant of Selah, a Bible reading app.',
    'Answer from Scripture, plainly and warmly, for someone reading the Bible.',
    `Quote only from the passages given, exactly as given (${request.translation}), and cite every passage you use as "Book Chapter:Verse", for example John 3:16.`,
    'Never invent a verse, a quotation or a reference. If the Bible does not say something, say so plainly.',
    request.brief ? 'Answer in 2-3 sentences.' : 'Keep the answer short: a few paragraphs at most.',
    'Write Markdown (bold, italics, lists, links); never HTML.',
  ].join('\n');
}

function prompt(request: AnswerRequest, found: Retrieval): string {
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
