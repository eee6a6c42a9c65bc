import type { AppConfig } from '../../config.ts';
import { workerPool } from '../../lib/worker-pool.ts';
import { backdropWriter } from './backdrop-prompt.ts';
import type { ImageEngine } from './image-engine.ts';
import { OpenAiImageEngine } from './openai-image-engine.ts';
import { SceneEngine } from './scene-engine.ts';

/**
 * The image service when IMAGE_* is set (it paints backdrops), else the embedded engine. Either way
 * the pictures are drawn in worker threads: two at once (each takes a few hundred milliseconds of
 * CPU), a few more waiting, and beyond that the server says it is busy.
 */
export function createImageEngine(config: Pick<AppConfig, 'images' | 'languageModel'>): ImageEngine {
  const pool = workerPool(new URL('./picture.worker.ts', import.meta.url), { maxThreads: 2, maxQueue: 8 });
  return config.images ? new OpenAiImageEngine(config.images, pool, backdropWriter(config.languageModel)) : new SceneEngine(pool);
}
