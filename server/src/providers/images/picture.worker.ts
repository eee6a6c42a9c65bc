import { renderPicture, type PictureResult, type PictureTask } from './render-picture.ts';

export type { PictureResult, PictureTask } from './render-picture.ts';

/**
 * Worker-thread entry: laying out text (satori), rasterizing (resvg) and encoding (sharp) take a
 * few hundred milliseconds of CPU per picture, kept off the server's thread.
 */
export default function run(task: PictureTask): Promise<PictureResult> {
  return renderPicture(task);
}
