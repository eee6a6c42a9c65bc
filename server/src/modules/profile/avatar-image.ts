import { AVATAR_TYPE_MESSAGE } from '#common/contracts/avatar.ts';
import { reencodeImage } from '../media/reencode-image.ts';

/** Longest side of a stored profile picture: sharp on a 3× phone screen at the largest size shown. */
export const AVATAR_STORED_SIZE = 512;

/** An uploaded profile picture, re-encoded (upright, scaled, WebP, no metadata). */
export const reencodeAvatar = (bytes: Buffer): Promise<Buffer> => reencodeImage(bytes, AVATAR_STORED_SIZE, AVATAR_TYPE_MESSAGE);
