import { AVATAR_SNIFF_BYTES, avatarProblem, sniffImageType } from '#common/contracts/avatar.ts';
import { apiRequest, apiSendFile } from '../../../lib/api-client.ts';
import type { CurrentUser } from '#common/contracts/account.ts';

// better-auth's wording for a wrong current password, said the way the page speaks.
export const WRONG_PASSWORD = { 'Invalid password': 'That is not your current password.' };

export const updateProfile = (change: { displayName?: string; firstName?: string }) => apiRequest<CurrentUser>('PATCH', '/api/profile', change);

export const removeAvatar = () => apiRequest<CurrentUser>('DELETE', '/api/profile/avatar');

/** The same checks as the server, before sending anything: size, then what the bytes really are. */
export async function checkAvatarFile(file: File): Promise<{ problem: string } | { type: string }> {
  const head = new Uint8Array(await file.slice(0, AVATAR_SNIFF_BYTES).arrayBuffer());
  const problem = avatarProblem(file.size, head);
  return problem ? { problem } : { type: sniffImageType(head)! };
}

/** PUT /api/profile/avatar with the file itself as the body. */
export const uploadAvatar = (file: File, type: string) => apiSendFile<CurrentUser>('PUT', '/api/profile/avatar', file, type);

/** better-auth's change-password; with revokeOtherSessions every other device is signed out. */
export const changePassword = (currentPassword: string, newPassword: string, revokeOtherSessions: boolean) =>
  apiRequest('POST', '/api/auth/change-password', { currentPassword, newPassword, revokeOtherSessions });

/** better-auth's delete-user; the server insists on the password. Notes, highlights and all go with it. */
export const deleteAccount = (password: string) => apiRequest('POST', '/api/auth/delete-user', { password });
