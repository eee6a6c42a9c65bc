import { AVATAR_MAX_BYTES, AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE, AVATAR_TYPES, sniffImageType, type AvatarType } from '#common/contracts/avatar.ts';
import type { CurrentUser } from '#common/contracts/account.ts';
import { AppError, Invalid, NotFound, Unauthorized } from '../../lib/errors.ts';
import { requireUser, type Viewer } from '../../access/viewer.ts';
import { toCurrentUser } from '../../access/current-user.ts';
import type { AvatarRow, ProfileRepository, UserRow } from './profile.repository.ts';
import { reencodeAvatar } from './avatar-image.ts';

export const SIGN_IN_FIRST = 'Sign in to change your profile.';

/** The signed-in user's id, or 401: a guest has no profile. */
const userIdOf = (viewer: Viewer) => requireUser(viewer, SIGN_IN_FIRST).userId;

function reply(row: UserRow | undefined): CurrentUser {
  // The session outlived its user (deleted on another device a moment ago).
  if (!row) throw new Unauthorized(SIGN_IN_FIRST);
  return toCurrentUser(row);
}

const AVATAR_STORED_TYPE = 'image/webp';

/** Profile rules: names, and a picture that really is a PNG, JPEG or WebP of at most 2 MB, stored re-encoded. */
export class ProfileService {
  constructor(private readonly repository: ProfileRepository) {}

  async updateNames(viewer: Viewer, input: { displayName?: string; firstName?: string }): Promise<CurrentUser> {
    const userId = userIdOf(viewer);
    const change = {
      ...(input.displayName !== undefined && { displayName: input.displayName }),
      ...(input.firstName !== undefined && { firstName: input.firstName || null }),
    };
    if (Object.keys(change).length === 0) return reply(await this.repository.user(userId));
    return reply(await this.repository.updateNames(userId, change));
  }

  /**
   * The declared type must be one we accept, and the bytes must be an image of one of those types;
   * what the bytes are wins (a JPEG sent as image/png is kept as image/jpeg).
   */
  async setAvatar(viewer: Viewer, declaredType: string | undefined, body: unknown): Promise<CurrentUser> {
    const userId = userIdOf(viewer);
    if (!AVATAR_TYPES.includes(declaredType as AvatarType) || !Buffer.isBuffer(body)) throw new AppError(415, AVATAR_TYPE_MESSAGE);
    if (body.length > AVATAR_MAX_BYTES) throw new AppError(413, AVATAR_SIZE_MESSAGE);
    if (!sniffImageType(body)) throw new Invalid(AVATAR_TYPE_MESSAGE);
    return reply(await this.repository.saveAvatar(userId, AVATAR_STORED_TYPE, await reencodeAvatar(body)));
  }

  async removeAvatar(viewer: Viewer): Promise<CurrentUser> {
    return reply(await this.repository.removeAvatar(userIdOf(viewer)));
  }

  async avatar(userId: string): Promise<AvatarRow> {
    const row = await this.repository.avatar(userId);
    if (!row) throw new NotFound('This person has no profile picture.');
    if (row.reencoded) return row;
    // Uploaded before pictures were re-encoded: strip it now, once, before anyone sees it again.
    const content = await reencodeAvatar(row.content).catch(() => null);
    if (!content) throw new NotFound('This person has no profile picture.');
    return (await this.repository.replaceAvatarContent(userId, AVATAR_STORED_TYPE, content)) ?? row;
  }
}
