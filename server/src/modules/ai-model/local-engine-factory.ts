import type { LocalEngineFactory } from '../../providers/ai/engine-switch.ts';

/**
 * Runs a downloaded model in this process. Until the local model engine is part of Selah, choosing a
 * downloaded model is recorded but the embedded engine answers, and the panel says why.
 */
export const localEngineFactory: LocalEngineFactory = () => {
  throw new Error('Running a downloaded model is not available in this version of Selah yet: the embedded Scripture engine answers meanwhile.');
};
