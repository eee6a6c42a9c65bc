import { z } from 'zod';

export const CONTACT_SENT = 'Thank you. Your message has been sent.';

/** /contact: name, email, message; `website` is a field people never see (a bot fills it in). */
export const contactRequest = z.object({
  name: z.string({ error: 'Please enter your name.' }).trim().min(1, 'Please enter your name.').max(100, 'A name can be at most 100 characters.'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  message: z
    .string({ error: 'Please write a message.' })
    .trim()
    .min(10, 'Please write a message of at least 10 characters.')
    .max(5_000, 'A message can be at most 5,000 characters.'),
  website: z.string().max(200).optional(),
});
export type ContactRequest = z.input<typeof contactRequest>;

export const contactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  archived: z.boolean(),
});
export type ContactMessage = z.infer<typeof contactMessage>;
export const contactListQuery = z.object({ archived: z.enum(['0', '1']).default('0') });
export const archiveRequest = z.object({ archived: z.boolean() });
