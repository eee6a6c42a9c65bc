import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, streamText, type ModelMessage } from 'ai';
import { Upstream } from '../../lib/errors.ts';
import { sourcesLine } from './passage-answer.ts';
import { writeAndCorrect } from './answer-prompt.ts';
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
 * their text, and a wrong reference is corrected once (answer-prompt.ts).
 */
export class LanguageModelEngine implements AnswerEngine {
  private readonly provider;

  constructor(private readonly settings: LanguageModelSettings) {
    this.provider = createOpenAICompatible({ name: 'selah-ai', baseURL: settings.baseUrl, apiKey: settings.apiKey, includeUsage: true });
  }

  async answer(request: AnswerRequest, found: Retrieval, live: AnswerLive = {}): Promise<EngineAnswer> {
    const text = await writeAndCorrect(request, found, (system, turns) => this.complete(system, turns, live));
    return { text, engine: 'language-model', sources: sourcesLine(found.study, found.commentary?.source, 'Written by a language model from') };
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
