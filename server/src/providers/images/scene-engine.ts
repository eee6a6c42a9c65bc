import type { Piscina } from 'piscina';
import type { ImageEngine, PassageInput, RenderedPicture, ShareCardInput } from './image-engine.ts';
import type { PictureResult, PictureTask } from './picture.worker.ts';

// Bytes come back from a worker thread as a plain Uint8Array: a Buffer view of the same memory, no copy.
const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Makes one picture in the pool's worker threads. The engine below uses it, and so can an engine that
 * brings its own backdrop (an image model's picture): `{ kind: 'verse', ...passage, backdrop }`.
 * Rejects as the pool does when its queue is full (see isQueueFull).
 */
export async function renderInPool(pool: Piscina, task: PictureTask): Promise<RenderedPicture> {
  const result = (await pool.run(task)) as PictureResult;
  return { ...result, image: toBuffer(result.image), thumbnail: toBuffer(result.thumbnail) };
}

const passage = ({ reference, text, translation, seed, caption }: PassageInput) => ({ reference, text, translation, seed, caption });

/**
 * The embedded engine: scenes composed from vector elements chosen by the passage's words (sky, sun,
 * hills, water, trees, a path, a cross...), with the words set by satori, rendered by resvg and
 * encoded by sharp, in worker threads, offline. See docs/pictures.md.
 */
export class SceneEngine implements ImageEngine {
  /** Bumped whenever the pictures' look changes, so stored pictures are made again. */
  readonly id = 'scene-v1';

  constructor(private readonly pool: Piscina) {}

  versePicture(input: PassageInput): Promise<RenderedPicture> {
    return renderInPool(this.pool, { kind: 'verse', ...passage(input) });
  }

  chapterPicture(input: PassageInput): Promise<RenderedPicture> {
    return renderInPool(this.pool, { kind: 'chapter', ...passage(input) });
  }

  shareCard({ reference, text, fontStyle, backgroundColor, textColor }: ShareCardInput): Promise<RenderedPicture> {
    return renderInPool(this.pool, { kind: 'card', reference, text, fontStyle, backgroundColor, textColor });
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
