import { z } from 'zod';
import { settingsInput } from './study.ts';

/** Spec §3 User, as GET /api/auth/user answers it (and every profile change answers with it). */
export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isCustomAuth: z.boolean(),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
});
export type CurrentUserReply = z.infer<typeof currentUser>;

export const FIRST_NAME_MAX = 50;

/** PATCH /api/profile: the display name follows the settings rule (non-blank after trim, at most 50). */
export const profileInput = z.object({
  displayName: settingsInput.shape.displayName,
  // Empty clears it: a first name is optional.
  firstName: z.string().trim().max(FIRST_NAME_MAX, `First name can be at most ${FIRST_NAME_MAX} characters.`).optional(),
});

/** POST /api/admin/sign-in. */
export const adminSignInInput = z.object({
  email: z.string().trim().min(1, 'Enter your email.').max(254),
  password: z.string().min(1, 'Enter your password.').max(128),
});
