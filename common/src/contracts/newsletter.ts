import { z } from 'zod';

import { EMAIL_PATTERN, INVALID_EMAIL } from '../newsletter/rules.ts';

/** Spec §3 Newsletter payload: email. */
export const subscribeRequest = z.object({
  email: z.string({ error: INVALID_EMAIL }).trim().toLowerCase().max(254, INVALID_EMAIL).regex(EMAIL_PATTERN, INVALID_EMAIL),
});
export const messageReply = z.object({ message: z.string() });

/** The key in a confirm or unsubscribe link. */
export const tokenRequest = z.object({ token: z.string().trim().min(16).max(100) });
export const tokenQuery = z.object({ token: z.string().trim().min(16).max(100).optional() });

export const newsletterIssue = z.object({
  id: z.string(),
  week: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  delivered: z.number().int(),
});
export const newsletterAdmin = z.object({
  subscribers: z.object({ pending: z.number().int(), confirmed: z.number().int(), unsubscribed: z.number().int() }),
  recent: z.array(z.object({ email: z.string(), status: z.string(), createdAt: z.string() })),
  issues: z.array(newsletterIssue),
});
export type NewsletterAdmin = z.infer<typeof newsletterAdmin>;
export const newsletterPreview = z.object({ week: z.string(), subject: z.string(), text: z.string(), html: z.string() });
export type NewsletterPreview = z.infer<typeof newsletterPreview>;
export const newsletterSent = z.object({ week: z.string(), sent: z.number().int(), failed: z.number().int() });
