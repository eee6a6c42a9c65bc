import type { LocalEngineFactory } from '../../providers/ai/engine-switch.ts';
import { LocalModelEngine } from '../../providers/ai/local-model/local-model-engine.ts';

/** Runs a downloaded model in this process, in a worker thread, the embedded engine answering when it cannot. */
export function localEngineFactory(settings: { threads?: number; maxTokens: number }): LocalEngineFactory {
  return (modelPath, name, fallback) => new LocalModelEngine({ modelPath, name, fallback, ...settings });
}
