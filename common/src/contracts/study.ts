import { z } from 'zod';
import { isTimeZone } from '../progress/days.ts';
import { FONT_SIZES, HIGHLIGHT_COLORS, NOTE_MAX_LENGTH, NOTE_TYPES } from '../study/rules.ts';

/** Spec §3 highlights, notes and settings as schemas (server side; the rules themselves are in study/rules.ts). */

export const highlightInput = z.object({
  verse: z.string().trim().min(1, 'Choose a verse to highlight.').max(40),
  color: z.enum(HIGHLIGHT_COLORS, { error: 'Colour must be yellow, green, blue or pink.' }),
  reference: z.string().trim().min(1, 'A highlight needs its reference.').max(60),
  text: z.string().max(5_000, 'Verse text is too long.'),
});

export const highlight = highlightInput.extend({
  id: z.string(),
  userId: z.string(),
  createdAt: z.string(),
});
export type Highlight = z.infer<typeof highlight>;

export const noteInput = z.object({
  type: z.enum(NOTE_TYPES, { error: 'Note type must be quote, understand, question or freeform.' }),
  content: z
    .string({ error: 'Write something before saving.' })
    .trim()
    .min(1, 'Write something before saving.')
    .max(NOTE_MAX_LENGTH, `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString('en')} characters.`),
  reference: z.string().trim().min(1, 'A note needs a reference.').max(60),
  title: z.string().trim().max(200).optional(),
  /**
   * Ours: an id the browser chose, so a note written offline and sent again when the network returns
   * is recognised and kept once.
   */
  id: z.uuid({ error: 'A note id must be a UUID.' }).optional(),
});

export const noteUpdate = z.object({
  content: noteInput.shape.content.optional(),
  title: z.string().trim().min(1).max(200).optional(),
  /** Ours: the note's updatedAt the edit was made on; a note changed since is not overwritten (409). */
  baseUpdatedAt: z.string().max(40).optional(),
});

export const note = z.object({
  id: z.string(),
  type: z.enum(NOTE_TYPES),
  content: z.string(),
  reference: z.string(),
  title: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof note>;

export const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  book: z.string().trim().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const settings = z.object({
  translation: z.string().nullable(),
  fontSize: z.enum(FONT_SIZES),
  displayName: z.string().nullable(),
  userId: z.string(),
  /** The browser's time zone: it decides when a study day starts. */
  timeZone: z.string().nullable(),
  /** Whether the display name may appear in the community rankings. */
  showInRankings: z.boolean(),
});
export type Settings = z.infer<typeof settings>;

export const settingsInput = z.object({
  displayName: z.string().trim().min(1, 'Display name cannot be blank.').max(50, 'Display name can be at most 50 characters.').optional(),
  translation: z.string().trim().min(1).max(16).optional(),
  fontSize: z.enum(FONT_SIZES, { error: 'Font size must be small, base or large.' }).optional(),
  timeZone: z.string().trim().max(64).refine(isTimeZone, { message: 'That is not a time zone.' }).optional(),
  showInRankings: z.boolean({ error: 'Say yes or no to being shown in the rankings.' }).optional(),
  // The spec's client sends userId (empty); the server always uses the signed-in user.
  userId: z.unknown().optional(),
});

/** Spec §3 AI response for a note, as a guest's browser keeps it (`guestAiResponses`, keyed by noteId_reference). */
export const aiResponseInput = z.object({
  id: z.uuid(),
  noteId: z.uuid(),
  prompt: z.string().max(NOTE_MAX_LENGTH),
  response: z.string().trim().min(1).max(50_000),
  translation: z.string().trim().max(16).default(''),
  reference: z.string().trim().max(60),
  saved: z.boolean().default(true),
});

/** Spec §7 POST /api/ai-responses: an answer stored on a note of the signed-in person. */
export const aiResponseSave = z.object({
  noteId: z.string().trim().min(1).max(64),
  prompt: z.string().max(NOTE_MAX_LENGTH),
  response: z.string().trim().min(1, 'An answer cannot be empty.').max(50_000),
  translation: z.string().trim().max(16).default(''),
  reference: z.string().trim().min(1).max(60),
});
export type AiResponseSave = z.infer<typeof aiResponseSave>;

/** What a guest kept in the browser, moved into the account on sign-in (ids are the guest copies'). */
export const guestImport = z.object({
  highlights: z
    .array(highlightInput.extend({ id: z.uuid() }))
    .max(2_000)
    .default([]),
  notes: z
    .array(noteInput.extend({ id: z.uuid(), title: z.string().trim().max(200).optional() }))
    .max(2_000)
    .default([]),
  aiResponses: z.array(aiResponseInput).max(2_000).default([]),
});
export type GuestImport = z.infer<typeof guestImport>;
