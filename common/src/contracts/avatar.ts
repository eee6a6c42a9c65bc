/**
 * Profile pictures: the types and size the server accepts. The type is read from the file's first
 * bytes, never trusted from its name or Content-Type, so a text or HTML file cannot pass as an image.
 * No zod here: the browser imports this for its own check before uploading.
 */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPE_MESSAGE = 'Choose a PNG, JPEG or WebP image.';
export const AVATAR_SIZE_MESSAGE = 'The image can be at most 2 MB.';
/** Bytes needed by sniffImageType. */
export const AVATAR_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The image type the bytes really are (PNG, JPEG or WebP), or null. */
export function sniffImageType(bytes: Uint8Array): AvatarType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Why a file cannot be a profile picture (the message shown to the person), or null when it can. */
export function avatarProblem(size: number, head: Uint8Array): string | null {
  if (size > AVATAR_MAX_BYTES) return AVATAR_SIZE_MESSAGE;
  if (size === 0 || !sniffImageType(head)) return AVATAR_TYPE_MESSAGE;
  return null;
}

/** Where a user's picture is served; the version makes each new upload a new address for caches. */
export function avatarPath(userId: string, version?: number): string {
  const path = `/api/profile/avatar/${encodeURIComponent(userId)}`;
  return version === undefined ? path : `${path}?v=${version}`;
}
