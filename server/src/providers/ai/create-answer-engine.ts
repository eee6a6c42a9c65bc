import type { AppConfig } from '../../config.ts';
import type { AnswerEngine } from './answer-engine.ts';
import { LanguageModelEngine } from './language-model-engine.ts';
import { ScriptureEngine } from './scripture-engine.ts';

/** The language model when AI_BASE_URL and AI_MODEL are set, else the embedded Scripture engine (no model, no network). */
export function createAnswerEngine(config: Pick<AppConfig, 'languageModel'>): AnswerEngine {
  return config.languageModel ? new LanguageModelEngine(config.languageModel) : new ScriptureEngine();
}
