import sharp from 'sharp';
import { AVATAR_TYPE_MESSAGE } from '#common/contracts/avatar.ts';
import { Invalid } from '../../lib/errors.ts';

/** Longest side of a stored profile picture: sharp on a 3× phone screen at the largest size shown. */
export const AVATAR_STORED_SIZE = 512;
// A decoded picture bigger than this (a "decompression bomb" of a few KB) is refused before decoding.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Re-encodes an uploaded picture: turned upright by its EXIF orientation, scaled down to fit
 * AVATAR_STORED_SIZE, saved as WebP with no metadata at all (no GPS position, camera or date), so what
 * is served to everyone is only the picture. sharp works in libuv's thread pool, off the event loop.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(AVATAR_STORED_SIZE, AVATAR_STORED_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new Invalid(AVATAR_TYPE_MESSAGE);
  }
}
