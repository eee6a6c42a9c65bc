import sharp from 'sharp';
import { Invalid } from '../../lib/errors.ts';

// A decoded picture bigger than this (a "decompression bomb" of a few KB) is refused before decoding.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Re-encodes an uploaded picture: turned upright by its EXIF orientation, scaled down to fit a square
 * of `maxSide`, saved as WebP with no metadata at all (no GPS position, camera or date), so what is
 * served to everyone is only the picture. sharp works in libuv's thread pool, off the event loop.
 * Anything sharp cannot read is refused with `unreadable`. With `square`, the picture is cropped about its
 * centre to exactly `maxSide` × `maxSide` (an avatar) instead.
 */
export async function reencodeImage(bytes: Buffer, maxSide: number, unreadable: string, { square = false } = {}): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(maxSide, maxSide, square ? { fit: 'cover', position: 'centre' } : { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new Invalid(unreadable);
  }
}
