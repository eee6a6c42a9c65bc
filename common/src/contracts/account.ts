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
  /** An author writes lessons in the admin panel (as their author profile); an admin runs the site. */
  role: z.enum(['user', 'author', 'admin']),
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const FIRST_NAME_MAX = 50;

/** PATCH /api/profile: the display name follows the settings rule (non-blank after trim, at most 50). */
export const profileInput = z.object({
  displayName: settingsInput.shape.displayName,
  // Empty clears it: a first name is optional.
  firstName: z.string().trim().max(FIRST_NAME_MAX, `First name can be at most ${FIRST_NAME_MAX} characters.`).optional(),
});

// --- Account routes (better-auth's, each checked here before better-auth sees it) ------------------

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z
  .string({ error: 'Enter your email.' })
  .trim()
  .min(1, 'Enter your email.')
  .max(EMAIL_MAX, `An email address can be at most ${EMAIL_MAX} characters.`);
const password = z
  .string({ error: 'Enter your password.' })
  .min(1, 'Enter your password.')
  .max(PASSWORD_MAX, `A password can be at most ${PASSWORD_MAX} characters.`);
const newPassword = z
  .string({ error: 'Choose a password.' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters for your password.`)
  .max(PASSWORD_MAX, `A password can be at most ${PASSWORD_MAX} characters.`);
/** Where a mailed link lands: a path on this site only, never another site. */
const localPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])/, 'Links must stay on this site.');
const token = z.string({ error: 'This link is incomplete.' }).min(1, 'This link is incomplete.').max(2_000, 'This link is not valid.');

export const signUpInput = z.object({ email, password: newPassword, name: z.string().trim().max(100).optional(), callbackURL: localPath.optional() });
export const signInInput = z.object({ email, password, rememberMe: z.boolean().optional(), callbackURL: localPath.optional() });
/** POST /api/admin/sign-in. */
export const adminSignInInput = z.object({ email, password });
export const passwordResetRequest = z.object({ email, redirectTo: localPath.optional() });
export const passwordReset = z.object({ token, newPassword });
export const resetLinkParams = z.object({ token });
export const callbackQuery = z.object({ callbackURL: localPath.optional() });
export const verifyEmailQuery = z.object({ token, callbackURL: localPath.optional() });
export const verificationMailInput = z.object({ email, callbackURL: localPath.optional() });
export const changePasswordInput = z.object({ currentPassword: password, newPassword, revokeOtherSessions: z.boolean().optional() });
export const deleteAccountInput = z.object({
  password: z.string({ error: 'Enter your password to delete your account.' }).min(1, 'Enter your password to delete your account.').max(PASSWORD_MAX),
});
